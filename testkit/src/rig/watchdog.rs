//! A helper process that cuts a rig's FUSE connection if the test process dies with the
//! mount up. The FUSE server runs on threads of the test process, so a process killed
//! while a file on the share has dirty pages would otherwise hang in its own exit, closing
//! that file, waiting for a server that no longer runs.

use std::process::{Child, Command, Stdio};

/// Polls the test process; once its main thread is exiting (PF_EXITING) or a zombie,
/// or the process is gone, writes to the connection's fusectl `abort`.
const SCRIPT: &str = r#"
pid=$1; conn=$2
while s=$(sed 's/^.*) //' "/proc/$pid/stat" 2>/dev/null); do
    set -- $s
    [ "$1" = Z ] && break
    [ $(( $7 & 4 )) -ne 0 ] && break
    sleep 0.2
done
echo 1 > "/sys/fs/fuse/connections/$conn/abort" 2>/dev/null
"#;

pub struct Watchdog {
    child: Option<Child>,
}

impl Watchdog {
    /// Watch this process on behalf of FUSE connection `conn`. Needs fusectl mounted;
    /// without a shell there is no watchdog (and a killed test may hang on exit).
    pub fn start(conn: u32) -> Watchdog {
        let child = Command::new("sh")
            .arg("-c")
            .arg(SCRIPT)
            .arg("porpoise-rig-watchdog")
            .arg(std::process::id().to_string())
            .arg(conn.to_string())
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .ok();
        Watchdog { child }
    }

    /// The rig went down normally: the watchdog must not outlive it (the connection
    /// number may be reused).
    pub fn stop(&mut self) {
        if let Some(mut c) = self.child.take() {
            let _ = c.kill();
            let _ = c.wait();
        }
    }
}

impl Drop for Watchdog {
    fn drop(&mut self) {
        self.stop();
    }
}
