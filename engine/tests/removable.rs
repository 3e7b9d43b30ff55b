//! Removable detection on fixture sysfs trees shaped like real machines: a USB stick, a USB
//! disk behind a port marked removable, an NVMe drive in a removable PCIe slot, an SD card,
//! LVM on dm-crypt on a USB stick, and an internal NVMe drive that is not removable.

use std::os::unix::fs::symlink;
use std::path::{Path, PathBuf};

use porpoise_engine::devices::Sysfs;

/// A fixture sysfs under a temp folder.
struct Fixture {
    dir: tempfile::TempDir,
}

impl Fixture {
    fn new() -> Fixture {
        Fixture {
            dir: tempfile::tempdir().expect("tempdir"),
        }
    }

    fn root(&self) -> &Path {
        self.dir.path()
    }

    /// Write `value` (plus a newline, as sysfs does) at `rel`, making the folders.
    fn file(&self, rel: &str, value: &str) {
        let p = self.root().join(rel);
        std::fs::create_dir_all(p.parent().expect("parent")).expect("mkdir");
        std::fs::write(p, format!("{value}\n")).expect("write");
    }

    fn dir(&self, rel: &str) -> PathBuf {
        let p = self.root().join(rel);
        std::fs::create_dir_all(&p).expect("mkdir");
        p
    }

    /// `dev/block/MAJ:MIN` pointing at the device folder `rel` (relative, as in sysfs).
    fn dev(&self, majmin: &str, rel: &str) {
        self.dir("dev/block");
        let link = self.root().join("dev/block").join(majmin);
        symlink(Path::new("../..").join(rel), link).expect("symlink");
    }

    /// A symlink at `at` to `to` (both relative to the root), written relative.
    fn link(&self, at: &str, to: &str) {
        let at_path = self.root().join(at);
        std::fs::create_dir_all(at_path.parent().expect("parent")).expect("mkdir");
        let depth = at.matches('/').count();
        let up: PathBuf = (0..depth).map(|_| "..").collect();
        symlink(up.join(to), at_path).expect("symlink");
    }

    fn sysfs(&self) -> Sysfs {
        Sysfs::at(self.root())
    }
}

const USB_PORT: &str = "devices/pci0000:00/0000:00:14.0/usb2/2-1";
const USB_DISK: &str =
    "devices/pci0000:00/0000:00:14.0/usb2/2-1/2-1:1.0/host6/target6:0:0/6:0:0:0/block/sda";

#[test]
fn a_usb_stick_and_its_partition_are_removable() {
    let f = Fixture::new();
    f.file(&format!("{USB_DISK}/removable"), "1");
    f.file(&format!("{USB_DISK}/sda1/partition"), "1");
    f.dev("8:0", USB_DISK);
    f.dev("8:1", &format!("{USB_DISK}/sda1"));
    assert!(f.sysfs().is_removable(8, 0));
    assert!(f.sysfs().is_removable(8, 1));
}

#[test]
fn a_usb_disk_behind_a_port_marked_removable_is_removable() {
    let f = Fixture::new();
    // The disk itself says fixed (a USB hard disk), the port it hangs on says removable.
    f.file(&format!("{USB_DISK}/removable"), "0");
    f.file(&format!("{USB_PORT}/removable"), "removable");
    f.file(&format!("{USB_DISK}/sda1/partition"), "1");
    f.dev("8:1", &format!("{USB_DISK}/sda1"));
    assert!(f.sysfs().is_removable(8, 1));
}

#[test]
fn an_nvme_drive_in_a_removable_pcie_slot_is_removable() {
    let f = Fixture::new();
    let slot = "devices/pci0000:00/0000:00:1c.0/0000:03:00.0";
    let disk = format!("{slot}/nvme/nvme1/nvme1n1");
    f.file(&format!("{disk}/removable"), "0");
    f.file(&format!("{slot}/removable"), "removable");
    f.dev("259:3", &disk);
    assert!(f.sysfs().is_removable(259, 3));
}

#[test]
fn an_sd_card_is_removable() {
    let f = Fixture::new();
    let card = "devices/pci0000:00/0000:00:1e.6/mmc_host/mmc0/mmc0:aaaa";
    let disk = format!("{card}/block/mmcblk0");
    f.file(&format!("{disk}/removable"), "0");
    f.file(&format!("{card}/type"), "SD");
    f.link(&format!("{disk}/device"), card);
    f.file(&format!("{disk}/mmcblk0p1/partition"), "1");
    f.dev("179:1", &format!("{disk}/mmcblk0p1"));
    assert!(f.sysfs().is_removable(179, 1));
}

#[test]
fn lvm_on_dm_crypt_on_a_usb_stick_is_removable() {
    let f = Fixture::new();
    f.file(&format!("{USB_DISK}/removable"), "1");
    f.file(&format!("{USB_DISK}/sda2/partition"), "2");
    // dm-0: the opened LUKS volume on sda2; dm-1: the LVM volume on dm-0.
    f.dir("devices/virtual/block/dm-0/slaves");
    f.dir("devices/virtual/block/dm-1/slaves");
    f.link(
        "devices/virtual/block/dm-0/slaves/sda2",
        &format!("{USB_DISK}/sda2"),
    );
    f.link(
        "devices/virtual/block/dm-1/slaves/dm-0",
        "devices/virtual/block/dm-0",
    );
    f.dev("253:1", "devices/virtual/block/dm-1");
    assert!(f.sysfs().is_removable(253, 1));
}

#[test]
fn an_internal_nvme_drive_and_lvm_on_it_are_not_removable() {
    let f = Fixture::new();
    let slot = "devices/pci0000:00/0000:00:1d.0/0000:04:00.0";
    let disk = format!("{slot}/nvme/nvme0/nvme0n1");
    f.file(&format!("{disk}/removable"), "0");
    // A PCIe port that says fixed.
    f.file(&format!("{slot}/removable"), "fixed");
    f.file(&format!("{disk}/nvme0n1p2/partition"), "2");
    f.dev("259:2", &format!("{disk}/nvme0n1p2"));
    f.dir("devices/virtual/block/dm-0/slaves");
    f.link(
        "devices/virtual/block/dm-0/slaves/nvme0n1p2",
        &format!("{disk}/nvme0n1p2"),
    );
    f.dev("253:0", "devices/virtual/block/dm-0");
    assert!(!f.sysfs().is_removable(259, 2));
    assert!(!f.sysfs().is_removable(253, 0));
    // A device sysfs does not know.
    assert!(!f.sysfs().is_removable(1, 99));
}
