//! OpenSSH's `sshd` on 127.0.0.1 for SFTP, with a host key and a login key of the test's
//! own; and the `ssh` that GVfs's SFTP backend runs, pointed at the test's files (its
//! known hosts and key) by a wrapper first on the `PATH` given to GVfs.

use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};

use super::{free_port, stop, wait_listening};

pub struct Sshd {
    pub port: u16,
    /// A folder to put on the `PATH` of GVfs's daemons: its `ssh` uses the test's files.
    pub bin: PathBuf,
    sshd: Child,
}

impl Sshd {
    /// sshd taking root's login with the test's key, once it takes connections.
    pub fn start(dir: &Path) -> Sshd {
        let dir = dir.join("ssh");
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
        std::fs::write(
            dir.join("sshd_config"),
            format!(
                "ListenAddress 127.0.0.1\nPort {port}\nHostKey {d}/host_key\nPidFile none\n\
                 AuthorizedKeysFile {d}/authorized_keys\nStrictModes no\n\
                 PermitRootLogin prohibit-password\nPasswordAuthentication no\n\
                 KbdInteractiveAuthentication no\nUsePAM no\nSubsystem sftp internal-sftp\n"
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
        // sshd wants its empty privilege-separation folder /run/sshd: it gets one in a
        // /run of its own (a private mount namespace), nothing is made in the real /run.
        let sshd = Command::new("/usr/bin/unshare")
            .args(["--mount", "--propagation", "private", "sh", "-c"])
            .arg(format!(
                "mount -t tmpfs tmpfs /run && mkdir -m 755 /run/sshd && exec /usr/sbin/sshd -D -e -f {d}/sshd_config"
            ))
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("start sshd");
        let sshd = Sshd { port, bin, sshd };
        wait_listening("sshd", port);
        sshd
    }
}

impl Drop for Sshd {
    fn drop(&mut self) {
        stop(&mut self.sshd);
    }
}
