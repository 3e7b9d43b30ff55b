//! SFTP to a server that takes a password alone: GVfs's ask reaches the mount job as
//! `PasswordAsked`, a wrong answer is asked again, the right one mounts.

use porpoise_engine::remote::{Gvfs, MountEvent, PasswordAnswer};
use porpoise_testkit::servers::{SFTP_PASSWORD, SFTP_USER};

use super::{address, next, rig, unmount};

#[test]
#[ignore = "run inside the rig by remote_places_through_gvfs"]
fn sftp_asks_for_the_password_again_after_a_wrong_one() {
    let folder = rig("RIG_SFTP");
    std::fs::write(folder.join("by-password.txt"), b"logged in").expect("a file");
    let gvfs = Gvfs::start().expect("the GVfs thread");
    let uri = format!(
        "sftp://{SFTP_USER}@127.0.0.1:{}{}",
        rig("RIG_SSH_PW_PORT").display(),
        folder.display()
    );
    let job = gvfs.mount(&address(&uri));
    assert!(matches!(next(&job), MountEvent::Connecting { .. }));
    let mut attempts = Vec::new();
    let mounted = loop {
        match next(&job) {
            // This server's key is new to ssh: trusted, as a person would.
            MountEvent::QuestionAsked(_) => job.answer_question(0),
            MountEvent::PasswordAsked(ask) => {
                assert!(ask.needs_password, "{ask:?}");
                attempts.push(ask.attempt);
                let password = if ask.attempt == 1 {
                    "wrong"
                } else {
                    SFTP_PASSWORD
                };
                job.answer_password(PasswordAnswer::login(SFTP_USER, password));
            }
            MountEvent::Mounted(m) => break m,
            other => panic!("{other:?} after the asks {attempts:?}"),
        }
    };
    assert_eq!(attempts, [1, 2], "asked again after the wrong password");
    let path = mounted.path.expect("a FUSE path");
    assert_eq!(
        std::fs::read(path.join("by-password.txt")).expect("read"),
        b"logged in"
    );
    unmount(&gvfs, &uri);
}
