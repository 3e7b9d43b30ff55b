//! Names of the users and groups that own files, by number: each number is looked up in
//! the system's databases (files, LDAP…) once, by the listing's worker threads, and kept
//! for the life of the process, so what shows a listing only reads a map.

use std::collections::BTreeMap;
use std::sync::{Arc, RwLock};

/// Numbers already looked up, and their names (`None`: the database has none).
type Known = RwLock<BTreeMap<u32, Option<Arc<str>>>>;

static USERS: Known = RwLock::new(BTreeMap::new());
static GROUPS: Known = RwLock::new(BTreeMap::new());

thread_local! {
    /// The owner last learned on this thread: a folder's files mostly share one.
    static LAST: std::cell::Cell<Option<(u32, u32)>> = const { std::cell::Cell::new(None) };
}

/// Look up the names of user `uid` and group `gid` unless they are known. This may ask a
/// network directory: call it on a worker thread, never where a window draws.
pub fn learn(uid: u32, gid: u32) {
    if LAST.with(|l| l.get()) == Some((uid, gid)) {
        return;
    }
    learn_in(&USERS, uid, crate::sys::user_name);
    learn_in(&GROUPS, gid, crate::sys::group_name);
    LAST.with(|l| l.set(Some((uid, gid))));
}

fn learn_in(known: &Known, id: u32, look_up: fn(u32) -> Option<String>) {
    let seen = known.read().map(|m| m.contains_key(&id)).unwrap_or(true);
    if seen {
        return;
    }
    let name = look_up(id).map(Arc::from);
    if let Ok(mut m) = known.write() {
        m.insert(id, name);
    }
}

/// The name of user `uid`, when it was learned and the database has one; never looks
/// anything up.
pub fn user(uid: u32) -> Option<Arc<str>> {
    known(&USERS, uid)
}

/// The name of group `gid`, when it was learned and the database has one; never looks
/// anything up.
pub fn group(gid: u32) -> Option<Arc<str>> {
    known(&GROUPS, gid)
}

fn known(known: &Known, id: u32) -> Option<Arc<str>> {
    known.read().ok()?.get(&id).cloned().flatten()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_running_user_is_learned_once_and_then_read() {
        let uid = crate::sys::uid();
        let gid = rustix::process::getgid().as_raw();
        learn(uid, gid);
        let name = user(uid).expect("the running user has a name");
        assert_eq!(Some(name.to_string()), crate::sys::user_name(uid));
        assert_eq!(
            group(gid).map(|g| g.to_string()),
            crate::sys::group_name(gid)
        );
        // A number never learned is not looked up by the readers.
        assert_eq!(user(u32::MAX - 7), None);
    }
}
