//! A mouse plugged into the headless compositor for as long as it runs: a virtual pointer
//! (wlr-virtual-pointer) on a connection of the test's own. sway starts its seat with every
//! capability, but once a device comes and goes (wtype's keyboard does at each key) the seat
//! has only what is plugged in, and without a pointer the window gets no clicks; with this
//! one it always has a pointer, which sway's `seat seat0 cursor` commands then move and press.

use std::os::unix::net::UnixStream;
use std::path::Path;

use wayland_client::globals::{GlobalListContents, registry_queue_init};
use wayland_client::protocol::{wl_registry, wl_seat};
use wayland_client::{Connection, Dispatch, QueueHandle};
use wayland_protocols_wlr::virtual_pointer::v1::client::{
    zwlr_virtual_pointer_manager_v1::ZwlrVirtualPointerManagerV1,
    zwlr_virtual_pointer_v1::ZwlrVirtualPointerV1,
};

/// What the connection's events are handed to: nothing of them is needed.
struct Ignore;

impl Dispatch<wl_registry::WlRegistry, GlobalListContents> for Ignore {
    fn event(
        _: &mut Self,
        _: &wl_registry::WlRegistry,
        _: wl_registry::Event,
        _: &GlobalListContents,
        _: &Connection,
        _: &QueueHandle<Self>,
    ) {
    }
}

wayland_client::delegate_noop!(Ignore: ignore wl_seat::WlSeat);
wayland_client::delegate_noop!(Ignore: ZwlrVirtualPointerManagerV1);
wayland_client::delegate_noop!(Ignore: ZwlrVirtualPointerV1);

/// Plug a virtual pointer into the compositor at `socket`; it stays until the compositor
/// ends (a thread reads the connection's events until then).
pub fn plug_in(socket: &Path) {
    let stream = UnixStream::connect(socket).expect("connect to the compositor");
    let conn = Connection::from_socket(stream).expect("a Wayland connection");
    let (globals, mut queue) = registry_queue_init::<Ignore>(&conn).expect("the globals");
    let qh = queue.handle();
    let seat: wl_seat::WlSeat = globals.bind(&qh, 1..=1, ()).expect("a seat");
    let manager: ZwlrVirtualPointerManagerV1 = globals
        .bind(&qh, 1..=1, ())
        .expect("the compositor makes virtual pointers");
    let pointer = manager.create_virtual_pointer(Some(&seat), &qh, ());
    queue
        .roundtrip(&mut Ignore)
        .expect("the pointer plugged in");
    std::thread::Builder::new()
        .name("virtual-pointer".into())
        .spawn(move || {
            let _keep = (seat, manager, pointer);
            while queue.blocking_dispatch(&mut Ignore).is_ok() {}
        })
        .expect("a thread for the pointer");
}
