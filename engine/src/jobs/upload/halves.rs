//! A big file to an SMB server written as two halves at once, each through a stream of its
//! own. A GVfs stream waits for each write's answer before it sends the next, and the SMB
//! backend writes to the server from one job thread: with one stream that thread waits
//! while each next piece travels to the backend, with two it writes one half's piece while
//! the other's travels (256 MiB over loopback by hand: 0.33–0.39 s in one stream,
//! 0.28–0.33 s in two; `smbclient put` 0.21–0.23 s). The second stream is opened as
//! gvfsd-fuse opens a file it changes in place (GVfs's edit mode) and moved to the middle;
//! where the backend cannot give such a stream the file goes in one.

use gio::glib;
use gio::prelude::*;

use super::super::runner::Ctx;
use super::wait::{Failure, finished};
use super::walk::Item;

/// Files at least this big go in halves.
const HALVES_FROM: u64 = 16 << 20;

/// GVfs's own flag for a stream that changes a file in place (its client's
/// `PRIVATE_EDIT_FLAG`, with which gvfsd-fuse opens files): the file is opened for
/// writing where it is, neither emptied nor appended to.
const EDIT: u32 = 1 << 15;

/// Where the second half of `item` begins, when it goes in halves: a big file, new on an
/// SMB server (a file replaced is written under a name of the backend's own until it is
/// closed, so a second stream would not reach it).
pub(super) fn middle(item: &Item, replacing: bool) -> Option<u64> {
    if replacing || item.meta.size < HALVES_FROM || !item.dst_dir.has_uri_scheme("smb") {
        return None;
    }
    // On a whole MiB, so the halves' pieces keep the server's write sizes.
    Some((item.meta.size / 2) >> 20 << 20)
}

/// A second stream on the new file `target`, at `offset`; `None` where the backend gives
/// none that can start there (the file then goes in one stream).
pub(super) async fn second(
    ctx: &Ctx,
    target: &gio::File,
    offset: u64,
) -> Result<Option<gio::FileOutputStream>, Failure> {
    let edit = gio::FileCreateFlags::from_bits_retain(EDIT);
    let opened = finished(ctx, target.append_to_future(edit, glib::Priority::DEFAULT)).await?;
    let Ok(stream) = opened else {
        return Ok(None);
    };
    // GIO seeks in a stream only by waiting for it: one question on the stream's own
    // socket, which a cancel of the job cuts short.
    let cancel = ctx.control.gio_cancellable();
    let placed = i64::try_from(offset).is_ok_and(|at| {
        stream.can_seek()
            && stream.tell() == 0
            && stream.seek(at, glib::SeekType::Set, Some(&cancel)).is_ok()
    });
    if !placed {
        super::send::let_go(stream).await;
        if ctx.control.is_cancelled() {
            return Err(Failure::Cancelled);
        }
        return Ok(None);
    }
    Ok(Some(stream))
}
