//! OpenSSH's `sshd` on 127.0.0.1 for SFTP, with a host key and a login key of the test's
//! own (or a user with a password), serving the test's folder alone; and the `ssh` that
//! GVfs's SFTP backend runs, pointed at the test's files (its known hosts and key) by a
//! wrapper first on the `PATH` given to GVfs.

use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};

use super::{free_port, stop, wait_listening};

pub struct Sshd {
    pub port: u16,
    /// A folder to put on the `PATH` of GVfs's daemons: its `ssh` uses the test's files.
    pub bin: PathBuf,
    /// The folder of its configuration, keys and known hosts.
    dir: PathBuf,
    sshd: Child,
}

/// The login of [`Sshd::start_with_password`]'s server: a user of its own (root's
/// rights), known only inside the server's private mount namespace.
pub const SFTP_USER: &str = "porpoise-sftp";
pub const SFTP_PASSWORD: &str = "sekrit";
/// [`SFTP_PASSWORD`] as /etc/shadow holds it (`openssl passwd -6 -salt porpoise sekrit`).
const SFTP_PASSWORD_HASH: &str = "$6$porpoise$At/.63NfhAvyo9YG5/jOTy22Dx8AqvBrP/OsoQXj9G9.QzWWUFOwUynVEpc78xd0SP6FZa.OTNkwi9HW0F.eS0";

impl Sshd {
    /// The server's process id; its sessions are processes under it.
    pub fn pid(&self) -> u32 {
        self.sshd.id()
    }

    /// sshd taking root's login with the test's key, once it takes connections. Its
    /// SFTP sessions see the test's folder `dir` alone, at its own path (see
    /// [`Sshd::start_in`]).
    pub fn start(dir: &Path) -> Sshd {
        Sshd::start_in(dir, &dir.join("ssh"), false)
    }

    /// sshd taking [`SFTP_USER`]'s login with [`SFTP_PASSWORD`] alone (no keys), once it
    /// takes connections. The user is added to copies of /etc/passwd and /etc/shadow
    /// mounted over the real ones in the server's own mount namespace.
    pub fn start_with_password(dir: &Path) -> Sshd {
        Sshd::start_in(dir, &dir.join("ssh-password"), true)
    }

    /// sshd with its files in `dir`, serving `served` alone: every login is shut in a
    /// root that holds nothing but `served`, mounted at its own path (so addresses name
    /// the test's files as they are), made in the server's private mount namespace. The
    /// server is root's own computer: without that, a mount of it shows this computer's
    /// whole filesystem, and a stray recursive delete through a mount a killed test left
    /// behind would reach it.
    fn start_in(served: &Path, dir: &Path, password: bool) -> Sshd {
        let dir = dir.to_path_buf();
        let bin = dir.join("bin");
        std::fs::create_dir_all(&bin).expect("ssh folders");
        for key in ["host_key", "id"] {
            crate::run(
                Command::new("/usr/bin/ssh-keygen")
                    .args(["-q", "-t", "ed25519", "-N", "", "-f"])
                    .arg(dir.join(key)),
            );
        }
        std::fs::copy(dir.join("id.pub"), dir.join("authorized_keys")).expect("authorized key");
        let port = free_port(2222);
        let d = dir.display();
        let (logins, users) = if password {
            add_user(&dir);
            (
                "PermitRootLogin yes\nPasswordAuthentication yes\nPubkeyAuthentication no\n",
                format!(
                    "mount --bind {d}/passwd /etc/passwd && mount --bind {d}/shadow /etc/shadow && "
                ),
            )
        } else {
            (
                "PermitRootLogin prohibit-password\nPasswordAuthentication no\n",
                String::new(),
            )
        };
        std::fs::write(
            dir.join("sshd_config"),
            format!(
                "ListenAddress 127.0.0.1\nPort {port}\nHostKey {d}/host_key\nPidFile none\n\
                 AuthorizedKeysFile {d}/authorized_keys\nStrictModes no\n{logins}\
                 KbdInteractiveAuthentication no\nUsePAM no\nSubsystem sftp internal-sftp\n\
                 ChrootDirectory {JAIL}\n"
            ),
        )
        .expect("sshd_config");
        std::fs::write(
            dir.join("ssh_config"),
            format!(
                "UserKnownHostsFile {d}/known_hosts\nGlobalKnownHostsFile /dev/null\n\
                 IdentityFile {d}/id\nIdentitiesOnly yes\n"
            ),
        )
        .expect("ssh_config");
        // GVfs tells ssh not to check the keys of servers on this computer; the first of
        // two values of an option wins, so the server's key is checked (and asked about)
        // as it would be on any other computer.
        let wrapper = bin.join("ssh");
        std::fs::write(
            &wrapper,
            format!(
                "#!/bin/sh\nexec /usr/bin/ssh -o NoHostAuthenticationForLocalhost=no -F {d}/ssh_config \"$@\"\n"
            ),
        )
        .expect("the ssh wrapper");
        std::fs::set_permissions(&wrapper, std::fs::Permissions::from_mode(0o755))
            .expect("the wrapper runs");
        // sshd wants its empty privilege-separation folder /run/sshd, and a root-owned
        // path to the root it shuts logins in: both go in a /run of its own (a private
        // mount namespace), nothing is made in the real /run.
        let served = served.display();
        let sshd = Command::new("/usr/bin/unshare")
            .args(["--mount", "--propagation", "private", "sh", "-c"])
            .arg(format!(
                "{users}mount -t tmpfs -o mode=755 tmpfs /run && mkdir -m 755 /run/sshd {JAIL} && \
                 mkdir -p '{JAIL}{served}' && mount --bind '{served}' '{JAIL}{served}' && \
                 exec /usr/sbin/sshd -D -e -f {d}/sshd_config"
            ))
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("start sshd");
        let sshd = Sshd {
            port,
            bin,
            dir,
            sshd,
        };
        wait_listening("sshd", port);
        sshd
    }

    /// The known hosts of the wrapper's `ssh`.
    pub fn known_hosts(&self) -> PathBuf {
        self.dir.join("known_hosts")
    }

    /// Put the server's key in the known hosts of the wrapper's `ssh`, as after a first
    /// login whose question was answered: logins then ask nothing.
    pub fn trust_host_key(&self) {
        let key = std::fs::read_to_string(self.dir.join("host_key.pub")).expect("the host key");
        std::fs::write(
            self.known_hosts(),
            format!("[127.0.0.1]:{} {key}", self.port),
        )
        .expect("known_hosts");
    }
}

impl Drop for Sshd {
    fn drop(&mut self) {
        stop(&mut self.sshd);
    }
}

/// The root SFTP logins are shut in, in the server's own /run.
const JAIL: &str = "/run/sftp-root";

/// Copies of /etc/passwd and /etc/shadow in `dir` with [`SFTP_USER`] added.
fn add_user(dir: &Path) {
    for (file, line) in [
        (
            "passwd",
            format!("{SFTP_USER}:x:0:0:Porpoise test:/root:/bin/sh\n"),
        ),
        (
            "shadow",
            format!("{SFTP_USER}:{SFTP_PASSWORD_HASH}:20000:0:99999:7:::\n"),
        ),
    ] {
        let mut text =
            std::fs::read_to_string(Path::new("/etc").join(file)).expect("the system's users");
        if !text.ends_with('\n') {
            text.push('\n');
        }
        text.push_str(&line);
        std::fs::write(dir.join(file), text).expect("the server's users");
    }
}
