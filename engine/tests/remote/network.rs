//! The network neighbourhood through the rig's GVfs: it answers in time, with the entries
//! GVfs finds (here, without Avahi or a WS-Discovery daemon, at most the Windows
//! network's browser), each with its name and where it leads.

use std::time::Duration;

use porpoise_engine::remote::network::{NETWORK_URI, neighbours};

#[test]
#[ignore = "run inside the rig by remote_places_through_gvfs"]
fn the_neighbourhood_answers_with_what_gvfs_finds() {
    let found = neighbours(Duration::from_secs(30)).expect("the neighbourhood");
    for n in &found {
        assert!(!n.name.is_empty(), "{n:?}");
        assert!(n.uri.contains("://"), "{n:?}");
        if let Some(a) = &n.address {
            assert_eq!(a.uri(), n.uri, "{n:?}");
        }
    }
    // GVfs's SMB browser names no server: it is an entry, not an address to mount.
    if let Some(browser) = found.iter().find(|n| n.uri == "smb:///") {
        assert_eq!(browser.address, None, "{browser:?}");
    }
    assert!(
        found.iter().all(|n| n.uri != NETWORK_URI),
        "the neighbourhood does not hold itself: {found:?}"
    );
}
