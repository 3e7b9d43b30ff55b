//! Devices through the real UDisks2 service: as root, a system bus (`dbus-daemon`),
//! `systemd-udevd` and `udisksd` are started by hand (testkit's `udisks`; none run on a bare
//! CI machine); a small ext4 is loop-mounted, and the engine's `devices::udisks::unmount`
//! unmounts it; an ext4 nobody mounted is listed with its label and size and mounted; a
//! locked LUKS2 volume is listed as locked, and the passphrase reaches UDisks2.
//! Also: with no system bus, and with a bus that has no UDisks2 on it, the error is the
//! clear "not running" one. Every daemon this test started is stopped by pid, and the
//! files they leave are removed, also when the test panics. Skips with a message when not
//! root or when udisksd is not installed (fails instead in CI):
//! `cargo test --test udisks` (apt-get install udisks2 udev dbus-daemon cryptsetup-bin
//! libblockdev-crypto2).

use porpoise_testkit as kit;

use std::path::Path;
use std::process::Command;
use std::sync::Mutex;

use porpoise_engine::devices::udisks::{self, Bus, UdisksError, Unmounted};
use porpoise_testkit::LoopMount;
use porpoise_testkit::udisks::{Daemons, bus_alive};

/// One test at a time starts and stops the daemons.
static SERIAL: Mutex<()> = Mutex::new(());

/// A bus of our own at a private address (the stock session configuration: UDisks2 is
/// no service it could start on demand).
fn empty_bus(dir: &Path) -> (Daemons, String) {
    let socket = dir.join("bus");
    let address = format!("unix:path={}", socket.display());
    let mut d = Daemons::default();
    d.spawn(
        "dbus-daemon (empty)",
        Command::new("dbus-daemon")
            .args(["--session", "--nofork", "--nopidfile"])
            .arg(format!("--address={address}")),
    );
    kit::wait_for("the empty bus", kit::PATIENCE, || {
        bus_alive(&socket).then_some(())
    });
    (d, address)
}

fn assert_not_running(r: Result<(), UdisksError>) {
    match r {
        Err(e @ UdisksError::NotRunning(_)) => {
            assert_eq!(e.to_string(), "the UDisks2 service is not running");
        }
        other => panic!("expected 'not running', got {other:?}"),
    }
}

#[test]
fn udisks_unmounts_a_loop_mounted_ext4_and_says_when_it_is_not_running() {
    if let Err(why) = kit::udisks::available() {
        return kit::skip(&why);
    }
    let _serial = SERIAL.lock().unwrap_or_else(|p| p.into_inner());
    let disk = LoopMount::ext4(32 << 20);
    assert!(kit::mounts::is_mounted(&disk.mnt));

    // No system bus at all.
    let nowhere = tempfile::tempdir().expect("tempdir");
    let address = format!("unix:path={}", nowhere.path().join("none").display());
    assert_not_running(Bus::At(address.clone()).unmount(&disk.mnt));
    // A bus with no UDisks2 on it.
    {
        let (_bus, address) = empty_bus(nowhere.path());
        assert_not_running(Bus::At(address.clone()).unmount(&disk.mnt));
        assert_not_running(Bus::At(address.clone()).eject(&disk.mnt));
    }
    assert!(kit::mounts::is_mounted(&disk.mnt), "nothing was unmounted");

    // The real service.
    let _daemons = Daemons::system();
    let device = kit::wait_for(
        "UDisks2 to list the loop mount",
        kit::PATIENCE,
        || match Bus::System.device_of(&disk.mnt) {
            Ok(d) => Some(d),
            Err(UdisksError::NoDevice { .. } | UdisksError::NotRunning(_)) => None,
            Err(e) => panic!("asking UDisks2: {e}"),
        },
    );
    assert!(
        device
            .filesystem
            .starts_with("/org/freedesktop/UDisks2/block_devices/loop")
    );
    assert_eq!(device.drive, None, "a loop device has no drive");
    // A path that is no mount point is not guessed at.
    let elsewhere = disk.mnt.join("lost+found");
    assert!(matches!(
        udisks::unmount(&elsewhere),
        Err(UdisksError::NoDevice { .. })
    ));
    assert!(kit::mounts::is_mounted(&disk.mnt));

    udisks::unmount(&disk.mnt).unwrap_or_else(|e| panic!("unmount: {e}"));
    kit::wait_for("the mount to go", kit::PATIENCE, || {
        (!kit::mounts::is_mounted(&disk.mnt)).then_some(())
    });
}

/// Waits until UDisks2 lists `device` among the volumes not mounted (`what` names it).
fn wait_listed(what: &str, device: &Path) -> Unmounted {
    kit::wait_for(&format!("UDisks2 to list {what}"), kit::PATIENCE, || {
        Bus::System
            .unmounted()
            .unwrap_or_else(|e| panic!("asking UDisks2: {e}"))
            .into_iter()
            .find(|v| v.device == device)
    })
}

#[test]
fn udisks_lists_and_mounts_a_filesystem_nobody_mounted() {
    if let Err(why) = kit::udisks::available() {
        return kit::skip(&why);
    }
    let _serial = SERIAL.lock().unwrap_or_else(|p| p.into_inner());
    let disk = LoopMount::ext4_unmounted(24 << 20, "HOLIDAYS");
    let _daemons = Daemons::system();
    let device = Path::new(disk.device());
    let volume = wait_listed("the new filesystem", device);
    assert_eq!(volume.label, "HOLIDAYS");
    assert_eq!(volume.fs_type, "ext4");
    assert_eq!(volume.size, 24 << 20);
    assert!(!volume.locked);

    let at = Bus::System
        .mount(&volume)
        .unwrap_or_else(|e| panic!("mount: {e}"));
    assert!(kit::mounts::is_mounted(&at), "{} is mounted", at.display());
    assert!(at.join("lost+found").is_dir(), "the ext4 is what is there");
    kit::wait_for(
        "the mounted filesystem to leave the list",
        kit::PATIENCE,
        || {
            let left = Bus::System.unmounted().expect("list");
            (!left.iter().any(|v| v.device == device)).then_some(())
        },
    );
    // Mounted twice: UDisks2 says why, in a refusal.
    match Bus::System.mount(&volume) {
        Err(UdisksError::Refused { .. }) => {}
        other => panic!("mounting again: {other:?}"),
    }
    udisks::unmount(&at).unwrap_or_else(|e| panic!("unmount: {e}"));
}

#[test]
fn udisks_lists_a_locked_volume_and_unlocks_it_with_its_passphrase() {
    if let Err(why) = kit::udisks::available().and_then(|()| LoopMount::can_luks()) {
        return kit::skip(&why);
    }
    let _serial = SERIAL.lock().unwrap_or_else(|p| p.into_inner());
    let disk = LoopMount::luks_locked(32 << 20, "VAULT", "correct horse");
    let _daemons = Daemons::system();
    let device = Path::new(disk.device());
    let volume = wait_listed("the locked volume", device);
    assert!(volume.locked, "{volume:?}");
    assert_eq!(volume.label, "VAULT");
    assert_eq!(volume.fs_type, "crypto_LUKS");
    assert_eq!(volume.size, 32 << 20);

    // A wrong passphrase is refused in UDisks2's words, and the volume stays locked.
    match Bus::System.unlock(&volume, "wrong horse") {
        Err(UdisksError::Refused {
            action: udisks::Action::Unlock,
            message,
            ..
        }) => assert!(!message.is_empty(), "UDisks2 says why"),
        other => panic!("a wrong passphrase: {other:?}"),
    }
    let still = Bus::System.unmounted().expect("list");
    assert!(
        still.iter().any(|v| v.device == device && v.locked),
        "still locked: {still:?}"
    );

    // The right one: unlocked, where the kernel can; else the kernel's refusal, in words.
    let right = Bus::System.unlock(&volume, "correct horse");
    if kit::mounts::device_mapper() {
        let at = right.unwrap_or_else(|e| panic!("unlock and mount: {e}"));
        assert!(kit::mounts::is_mounted(&at), "{} is mounted", at.display());
        assert!(
            at.join("lost+found").is_dir(),
            "the ext4 inside is what is there"
        );
    } else {
        match right {
            Err(UdisksError::Refused {
                action: udisks::Action::Unlock,
                message,
                ..
            }) => assert!(message.contains("not supported"), "{message}"),
            other => panic!("no device mapper: {other:?}"),
        }
    }
}
