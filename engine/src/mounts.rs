//! The mount table: parsing, classifying each mount (local, removable, network; plumbing
//! apart) and keeping it current.

pub mod gvfs;
mod plumbing;

use std::ffi::{OsStr, OsString};
use std::os::fd::OwnedFd;
use std::os::unix::ffi::{OsStrExt, OsStringExt};
use std::path::{Path, PathBuf};
use std::sync::{Arc, LazyLock, Mutex};
use std::time::Duration;

use crate::devices;
use crate::error::{IoError, Op};
use crate::events::{self, Events};

pub use crate::sys::{MountFacts, mount_facts as facts, unique_mount_id};
pub use plumbing::{fuse_owner, is_plumbing};

const MOUNTINFO: &str = "/proc/self/mountinfo";

/// How a mount behaves for the person using it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum MountClass {
    /// A fixed local disk, or a memory filesystem.
    Local,
    /// A disk that can be unplugged: USB sticks, SD cards.
    Removable,
    /// A network share or any FUSE filesystem: may be slow, may hang.
    Network,
}

impl MountClass {
    pub fn as_str(self) -> &'static str {
        match self {
            MountClass::Local => "local",
            MountClass::Removable => "removable",
            MountClass::Network => "network",
        }
    }

    /// Listings on such mounts deliver names first and details after.
    pub fn is_slow(self) -> bool {
        self == MountClass::Network
    }
}

/// One line of the mount table.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Mount {
    pub id: u64,
    pub major: u32,
    pub minor: u32,
    pub mount_point: PathBuf,
    pub fs_type: String,
    pub source: OsString,
    pub class: MountClass,
    /// Plumbing of the desktop or of another user rather than a place (see
    /// [`is_plumbing`]): the document portal, GVfs's FUSE folder, another user's mounts.
    /// Its class still says how its files behave.
    pub plumbing: bool,
}

impl Mount {
    /// Pseudo filesystems (proc, sysfs, cgroups…) and system plumbing nobody browses to.
    pub fn is_system(&self) -> bool {
        let mp = self.mount_point.as_os_str().as_bytes();
        self.is_pseudo()
            || ["/proc", "/sys", "/dev", "/run", "/boot", "/snap"]
                .iter()
                .any(|p| mp == p.as_bytes() || mp.starts_with(format!("{p}/").as_bytes()))
                && !mp.starts_with(b"/run/media/")
    }

    /// What the mount is, in one word: `plumbing`, or its class.
    pub fn kind_str(&self) -> &'static str {
        if self.plumbing {
            "plumbing"
        } else {
            self.class.as_str()
        }
    }

    /// A filesystem type that holds no one's files (proc, sysfs, cgroups…).
    pub fn is_pseudo(&self) -> bool {
        const PSEUDO: &[&str] = &[
            "proc",
            "sysfs",
            "devtmpfs",
            "devpts",
            "cgroup",
            "cgroup2",
            "securityfs",
            "debugfs",
            "tracefs",
            "pstore",
            "bpf",
            "mqueue",
            "hugetlbfs",
            "configfs",
            "fusectl",
            "binfmt_misc",
            "autofs",
            "nsfs",
            "efivarfs",
            "rpc_pipefs",
            "ramfs",
            "overlay",
            "squashfs",
        ];
        PSEUDO.contains(&self.fs_type.as_str())
    }

    /// A mount a person would want in Places: a disk, a stick or a share.
    pub fn is_user_visible(&self) -> bool {
        if self.is_system() || self.plumbing {
            return false;
        }
        self.class != MountClass::Local || self.source.as_bytes().starts_with(b"/dev/")
    }
}

/// Network filesystems by type; every FUSE filesystem is counted with them (it may be
/// as slow and may hang as one); [`is_plumbing`] tells the desktop's own FUSE mounts
/// apart.
pub fn is_network_fs(fs_type: &str) -> bool {
    const NET: &[&str] = &[
        "nfs",
        "nfs4",
        "cifs",
        "smb3",
        "smbfs",
        "ceph",
        "glusterfs",
        "9p",
        "afs",
        "davfs",
        "lustre",
        "gfs2",
        "ocfs2",
        "fuse",
    ];
    NET.contains(&fs_type) || fs_type.starts_with("fuse.")
}

/// The parsed mount table.
#[derive(Debug, Clone, Default)]
pub struct MountTable {
    pub mounts: Vec<Mount>,
}

impl MountTable {
    /// Read and classify `/proc/self/mountinfo`.
    pub fn read() -> Result<MountTable, IoError> {
        let text =
            std::fs::read(MOUNTINFO).map_err(|e| IoError::new(Op::ReadMountTable, MOUNTINFO, e))?;
        Ok(MountTable::parse(&text, devices::is_removable))
    }

    /// Parse mountinfo text; `removable(major, minor)` says whether a block device is removable.
    pub fn parse(text: &[u8], removable: impl Fn(u32, u32) -> bool) -> MountTable {
        MountTable::parse_for(text, removable, crate::sys::uid())
    }

    /// [`MountTable::parse`] as user `uid` sees it (whose mounts are not plumbing).
    pub fn parse_for(text: &[u8], removable: impl Fn(u32, u32) -> bool, uid: u32) -> MountTable {
        let mounts = text
            .split(|&b| b == b'\n')
            .filter_map(|line| parse_line(line, &removable, uid))
            .collect();
        MountTable { mounts }
    }

    pub fn by_id(&self, id: u64) -> Option<&Mount> {
        self.mounts.iter().find(|m| m.id == id)
    }

    /// The mount holding `path` by longest mount-point prefix (path should be absolute
    /// and free of symlinks; prefer [`MountTable::by_id`] with statx's mount id).
    pub fn containing(&self, path: &Path) -> Option<&Mount> {
        self.mounts
            .iter()
            .filter(|m| path.starts_with(&m.mount_point))
            .max_by_key(|m| m.mount_point.as_os_str().len())
    }

    /// Mounts to show in Places, one per device or share.
    pub fn user_visible(&self) -> Vec<&Mount> {
        let mut seen: Vec<(u32, u32)> = Vec::new();
        let mut out = Vec::new();
        for m in self.mounts.iter().filter(|m| m.is_user_visible()) {
            let dev = (m.major, m.minor);
            if m.major != 0 && seen.contains(&dev) {
                continue;
            }
            seen.push(dev);
            out.push(m);
        }
        out
    }
}

fn parse_line(line: &[u8], removable: &impl Fn(u32, u32) -> bool, uid: u32) -> Option<Mount> {
    let mut fields = line.split(|&b| b == b' ');
    let id = std::str::from_utf8(fields.next()?).ok()?.parse().ok()?;
    let _parent = fields.next()?;
    let dev = std::str::from_utf8(fields.next()?).ok()?;
    let (major, minor) = dev.split_once(':')?;
    let (major, minor): (u32, u32) = (major.parse().ok()?, minor.parse().ok()?);
    let _root = fields.next()?;
    let mount_point = PathBuf::from(OsString::from_vec(unescape(fields.next()?)));
    // Optional fields run until a lone "-".
    for f in fields.by_ref() {
        if f == b"-" {
            break;
        }
    }
    let fs_type = String::from_utf8_lossy(&unescape(fields.next()?)).into_owned();
    let source = OsString::from_vec(unescape(fields.next().unwrap_or_default()));
    let options = fields.next().unwrap_or_default();
    let class = classify(&fs_type, major, minor, removable);
    let plumbing = is_plumbing(&fs_type, &mount_point, fuse_owner(options), uid);
    Some(Mount {
        id,
        major,
        minor,
        mount_point,
        fs_type,
        source,
        class,
        plumbing,
    })
}

/// The class of a mount of `fs_type` on device `major:minor`.
fn classify(
    fs_type: &str,
    major: u32,
    minor: u32,
    removable: impl Fn(u32, u32) -> bool,
) -> MountClass {
    if is_network_fs(fs_type) {
        MountClass::Network
    } else if major != 0 && removable(major, minor) {
        MountClass::Removable
    } else {
        MountClass::Local
    }
}

/// mountinfo writes space, tab, newline and backslash as `\ooo` octal.
fn unescape(field: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(field.len());
    let mut i = 0;
    while i < field.len() {
        if field[i] == b'\\'
            && i + 3 < field.len()
            && field[i + 1..i + 4]
                .iter()
                .all(|c| (b'0'..=b'7').contains(c))
        {
            let v = (field[i + 1] - b'0') * 64 + (field[i + 2] - b'0') * 8 + (field[i + 3] - b'0');
            out.push(v);
            i += 4;
        } else {
            out.push(field[i]);
            i += 1;
        }
    }
    out
}

/// The mount table read once and re-read only when the kernel says it changed.
struct Current {
    watch: Option<OwnedFd>,
    table: Arc<MountTable>,
}

static CURRENT: LazyLock<Mutex<Option<Current>>> = LazyLock::new(|| Mutex::new(None));

/// The current mount table. Costs one `poll` when nothing changed since the last call.
pub fn current() -> Result<Arc<MountTable>, IoError> {
    let mut guard = CURRENT.lock().unwrap_or_else(|p| p.into_inner());
    if let Some(cur) = guard.as_ref() {
        let changed = match &cur.watch {
            Some(fd) => mountinfo_changed(fd, Duration::ZERO),
            None => true,
        };
        if !changed {
            return Ok(cur.table.clone());
        }
    }
    let watch = open_mountinfo_watch();
    let table = Arc::new(MountTable::read()?);
    *guard = Some(Current {
        watch,
        table: table.clone(),
    });
    Ok(table)
}

/// The mount that holds `path` and its class: from statx's unique mount id and
/// `statmount()` where the kernel has them (nothing is parsed, no server is asked), else
/// statx's mount id looked up in the mount table.
pub fn mount_of(path: &Path) -> Option<Mount> {
    if let Some(f) = unique_mount_id(path).and_then(facts) {
        return Some(Mount {
            id: u64::from(f.old_id),
            class: classify(&f.fs_type, f.major, f.minor, devices::is_removable),
            major: f.major,
            minor: f.minor,
            plumbing: is_plumbing(&f.fs_type, &f.mount_point, None, crate::sys::uid()),
            mount_point: f.mount_point,
            fs_type: f.fs_type,
            source: f.source,
        });
    }
    mount_of_by_table(path)
}

/// [`mount_of`] through the parsed mount table only.
pub fn mount_of_by_table(path: &Path) -> Option<Mount> {
    let table = current().ok()?;
    let st = crate::sys::statx_path(path).ok()?;
    if st.stx_mask & rustix::fs::StatxFlags::MNT_ID.bits() != 0
        && let Some(m) = table.by_id(st.stx_mnt_id)
    {
        return Some(m.clone());
    }
    table.containing(path).cloned()
}

fn open_mountinfo_watch() -> Option<OwnedFd> {
    use rustix::fs::{Mode, OFlags};
    let fd = rustix::fs::open(MOUNTINFO, OFlags::RDONLY | OFlags::CLOEXEC, Mode::empty()).ok()?;
    drain(&fd);
    Some(fd)
}

/// Read the file to its end so the next change raises POLLPRI.
fn drain(fd: &OwnedFd) {
    let mut buf = [0u8; 8192];
    let _ = rustix::fs::seek(fd, rustix::fs::SeekFrom::Start(0));
    while let Ok(n) = rustix::io::read(fd, &mut buf) {
        if n == 0 {
            break;
        }
    }
}

fn mountinfo_changed(fd: &OwnedFd, wait: Duration) -> bool {
    use rustix::event::{PollFd, PollFlags, poll};
    let mut fds = [PollFd::new(fd, PollFlags::PRI)];
    let timeout = rustix::event::Timespec {
        tv_sec: wait.as_secs() as i64,
        tv_nsec: i64::from(wait.subsec_nanos()),
    };
    match poll(&mut fds, Some(&timeout)) {
        Ok(n) if n > 0 => {
            let hit = fds[0].revents().intersects(PollFlags::PRI | PollFlags::ERR);
            if hit {
                drain(fd);
            }
            hit
        }
        _ => false,
    }
}

/// Fresh tables that may wait for the consumer.
const WATCH_DEPTH: usize = 4;

/// Follow mount-table changes: the table now, then a fresh one each time mounts change,
/// until the events are dropped. Runs on its own thread.
pub fn watch() -> Events<Arc<MountTable>> {
    let (tx, events) = events::channel(WATCH_DEPTH);
    let spawned = std::thread::Builder::new()
        .name("porpoise-mounts".into())
        .spawn(move || {
            let Some(fd) = open_mountinfo_watch() else {
                return;
            };
            if let Ok(t) = current()
                && !tx.send(t)
            {
                return;
            }
            while !tx.is_cancelled() {
                if mountinfo_changed(&fd, Duration::from_millis(500)) {
                    match current() {
                        Ok(t) => {
                            if !tx.send(t) {
                                return;
                            }
                        }
                        Err(e) => tracing::warn!("{}", crate::error::chain(&e)),
                    }
                }
            }
        });
    if let Err(e) = spawned {
        tracing::warn!("cannot start the mount watcher: {e}");
    }
    events
}

/// Display form of a mount source (lossy for non-UTF-8).
pub fn source_display(m: &Mount) -> std::borrow::Cow<'_, str> {
    OsStr::to_string_lossy(&m.source)
}

#[cfg(test)]
mod tests {
    use super::*;

    const SAMPLE: &[u8] = b"\
22 1 0:21 / /proc rw,nosuid - proc proc rw
27 1 254:0 / / rw,relatime shared:1 - ext4 /dev/vda rw
40 27 8:17 / /media/USB\\040STICK rw - vfat /dev/sdb1 rw
41 27 0:50 / /mnt/nas rw - nfs4 nas:/share rw
42 27 0:51 / /mnt/remote rw - fuse.sshfs me@host:/ rw
43 27 0:52 / /tmp rw - tmpfs tmpfs rw
";

    #[test]
    fn parses_and_classifies() {
        let t = MountTable::parse(SAMPLE, |maj, _| maj == 8);
        assert_eq!(t.mounts.len(), 6);
        let usb = t.by_id(40).expect("usb");
        assert_eq!(usb.mount_point, PathBuf::from("/media/USB STICK"));
        assert_eq!(usb.class, MountClass::Removable);
        assert_eq!(t.by_id(41).map(|m| m.class), Some(MountClass::Network));
        assert_eq!(t.by_id(42).map(|m| m.class), Some(MountClass::Network));
        assert_eq!(t.by_id(27).map(|m| m.class), Some(MountClass::Local));
        assert_eq!(
            t.containing(Path::new("/mnt/nas/x/y")).map(|m| m.id),
            Some(41)
        );
        let shown: Vec<u64> = t.user_visible().iter().map(|m| m.id).collect();
        assert_eq!(shown, vec![27, 40, 41, 42]);
    }
}
