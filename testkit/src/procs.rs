//! The processes running on this machine as `/proc` tells them: name, parent and CPU time,
//! read by the tests that wait for a daemon and the bench that weighs one.

use std::path::Path;

/// What `/proc` tells of one process (or one thread of a process).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ProcStat {
    /// Its number.
    pub pid: u32,
    /// Its command's name, as the kernel keeps it (at most 15 bytes).
    pub name: String,
    /// Its parent process.
    pub parent: u32,
    /// The CPU ticks it spent so far, in user and system mode.
    pub ticks: u64,
}

/// Every process running now. One that ends while the list is read is left out.
pub fn processes() -> Vec<ProcStat> {
    stats_in(Path::new("/proc"))
}

/// The threads of the process `pid`, each with its own name and CPU time; none once it
/// has ended.
pub fn threads(pid: u32) -> Vec<ProcStat> {
    stats_in(&Path::new("/proc").join(pid.to_string()).join("task"))
}

/// The process `pid` as it is now; `None` once it has ended.
pub fn process(pid: u32) -> Option<ProcStat> {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    parse_stat(pid, &stat)
}

/// How many threads of the process `pid` carry the name `name`.
pub fn threads_named(pid: u32, name: &str) -> usize {
    threads(pid).iter().filter(|t| t.name == name).count()
}

/// The numbers of the running processes named `name`, children of `parent` when given.
pub fn named(name: &str, parent: Option<u32>) -> Vec<u32> {
    processes()
        .into_iter()
        .filter(|p| p.name == name && parent.is_none_or(|parent| p.parent == parent))
        .map(|p| p.pid)
        .collect()
}

/// The `stat` of each process (or thread) numbered in the folder `dir`.
fn stats_in(dir: &Path) -> Vec<ProcStat> {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return Vec::new();
    };
    entries
        .flatten()
        .filter_map(|entry| {
            let pid = entry.file_name().to_str()?.parse::<u32>().ok()?;
            let stat = std::fs::read_to_string(entry.path().join("stat")).ok()?;
            parse_stat(pid, &stat)
        })
        .collect()
}

/// Read a `stat` line: "pid (name) state parent ... utime(14) stime(15) ...". The name may
/// hold spaces and parentheses; the fields after its last `) ` do not.
fn parse_stat(pid: u32, stat: &str) -> Option<ProcStat> {
    let (head, rest) = stat.rsplit_once(") ")?;
    let (_, name) = head.split_once(" (")?;
    let fields: Vec<&str> = rest.split(' ').collect();
    let num = |i: usize| fields.get(i)?.parse::<u64>().ok();
    Some(ProcStat {
        pid,
        name: name.to_owned(),
        parent: u32::try_from(num(1)?).ok()?,
        ticks: num(11)? + num(12)?,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_name_with_spaces_and_parentheses_is_read_whole() {
        let stat = "42 (a (b) c) S 7 42 42 0 -1 4194560 100 0 0 0 5 3 0 0 20 0 1 0 9 0 0";
        assert_eq!(
            parse_stat(42, stat),
            Some(ProcStat {
                pid: 42,
                name: "a (b) c".into(),
                parent: 7,
                ticks: 8,
            })
        );
    }

    #[test]
    fn a_cut_line_is_left_out() {
        assert_eq!(parse_stat(1, "1 (init) S"), None);
    }

    #[test]
    fn this_test_finds_itself_under_its_parent() {
        let me = std::process::id();
        let mine = processes()
            .into_iter()
            .find(|p| p.pid == me)
            .expect("this process");
        assert_eq!(named(&mine.name, Some(mine.parent)), vec![me]);
        assert!(threads(me).iter().any(|t| t.pid == me), "its main thread");
        assert_eq!(process(me), Some(mine));
    }
}
