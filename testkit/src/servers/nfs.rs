//! NFS-Ganesha, a user-space NFS server, exporting a folder of the test's over NFSv3 on
//! loopback for GVfs's NFS backend, with the `rpcbind` it registers with. Both run in a
//! mount namespace of their own (their own /run); rpcbind listens on port 111, where
//! NFS clients look for it.

use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};

use super::{free_port, signal_group, stop, wait_listening};

pub struct Nfs {
    /// The exported folder.
    pub export: PathBuf,
    server: Child,
}

impl Nfs {
    /// Whether the server can run here: its programs, and port 111 free for rpcbind.
    pub fn available() -> Result<(), String> {
        for program in ["/usr/bin/ganesha.nfsd", "/usr/sbin/rpcbind"] {
            if !Path::new(program).exists() {
                return Err(format!(
                    "{program} is missing (packages nfs-ganesha, nfs-ganesha-vfs, rpcbind)"
                ));
            }
        }
        if free_port(111) != 111 {
            return Err("port 111 is taken: an rpcbind of the system's runs".into());
        }
        Ok(())
    }

    /// The server exporting a new folder of `dir`, once it takes connections.
    pub fn start(dir: &Path) -> Nfs {
        let dir = dir.join("nfs");
        let export = dir.join("export");
        std::fs::create_dir_all(&export).expect("nfs folders");
        std::fs::create_dir_all(dir.join("state")).expect("nfs folders");
        let nfs_port = free_port(2049);
        let mnt_port = free_port(20048);
        let d = dir.display();
        let config = dir.join("ganesha.conf");
        std::fs::write(
            &config,
            format!(
                "NFS_CORE_PARAM {{ Bind_addr = 127.0.0.1; NFS_Port = {nfs_port}; \
                 MNT_Port = {mnt_port}; Protocols = 3; Enable_NLM = false; \
                 Enable_RQUOTA = false; Enable_UDP = false; }}\n\
                 NFSV4 {{ Graceless = true; RecoveryBackend = fs; RecoveryRoot = {d}/state; }}\n\
                 NFS_KRB5 {{ Active_krb5 = false; }}\n\
                 EXPORT {{ Export_Id = 1; Path = {e}; Pseudo = {e}; Access_Type = RW; \
                 Squash = No_Root_Squash; Protocols = 3; Transports = TCP; SecType = sys; \
                 FSAL {{ Name = VFS; }} }}\n",
                e = export.display()
            ),
        )
        .expect("ganesha.conf");
        // rpcbind wants /run/rpcbind, and takes /run/rpcbind.sock: a /run of their own.
        let server = Command::new("/usr/bin/unshare")
            .process_group(0)
            .args(["--mount", "--propagation", "private", "sh", "-c"])
            .arg(format!(
                "mount -t tmpfs tmpfs /run && mkdir -m 700 /run/rpcbind && \
                 (/usr/sbin/rpcbind -f -w &) && \
                 while [ ! -S /run/rpcbind.sock ]; do sleep 0.05; done && \
                 exec /usr/bin/ganesha.nfsd -F -f {} -L {d}/ganesha.log -p {d}/ganesha.pid",
                config.display()
            ))
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("start rpcbind and ganesha.nfsd");
        let nfs = Nfs { export, server };
        wait_listening("ganesha.nfsd", nfs_port);
        nfs
    }

    /// The export's address, as GVfs takes it.
    pub fn uri(&self) -> String {
        format!("nfs://127.0.0.1{}", self.export.display())
    }
}

impl Drop for Nfs {
    fn drop(&mut self) {
        // rpcbind is in the server's process group.
        signal_group(self.server.id(), rustix::process::Signal::TERM);
        stop(&mut self.server);
    }
}
