//! A big file to an SMB server written in parts at once, each through a stream of its own.
//! A GVfs stream waits for each write's answer before it sends the next, and the SMB
//! backend writes to the server from one job thread: with one stream that thread waits
//! while each next piece travels to the backend; with several it writes one part's piece
//! while the others' travel. Four parts did best (256 MiB over loopback by hand, runs
//! interleaved: one stream 315–348 ms in 3 runs; medians of 10 runs: two streams
//! 269–276 ms, three 256 ms, four 247–251 ms, five 260 ms, eight 262 ms, `smbclient put`
//! 205–211 ms). The later parts' streams are opened as gvfsd-fuse opens a file it
//! changes in place (GVfs's edit mode) and moved to where their part begins; where the
//! backend cannot give such a stream the file goes in one.
//! One file of an upload at a time goes in parts: the others on their way keep the backend
//! busy as well, and each part's stream holds its own piece: 24 files in parts would hold
//! four times the pieces of 24 in one stream each. A file in parts holds at most four
//! pieces of at most 2 MiB each (within the 16 MiB that pieces grow in).

use gio::glib;
use gio::prelude::*;

use super::super::parts::{self as in_parts, InParts, PARTS_FROM, Taken};
use super::super::runner::Ctx;
use super::wait::{Failure, finished};
use super::walk::Item;

/// GVfs's own flag for a stream that changes a file in place (its client's
/// `PRIVATE_EDIT_FLAG`, with which gvfsd-fuse opens files): the file is opened for
/// writing where it is, neither emptied nor appended to.
const EDIT: u32 = 1 << 15;

/// Where the parts of `item` after its first begin, and the hold on the upload's one file
/// in parts, when it goes in parts: a big file, new on an SMB server (a file replaced is
/// written under a name of the backend's own until it is closed, so a second stream would
/// not reach it), while no other file of the upload is in parts. No starts and no hold
/// otherwise.
pub(super) fn starts<'a>(
    item: &Item,
    replacing: bool,
    in_parts: &'a InParts,
) -> (Vec<u64>, Option<Taken<'a>>) {
    let big_new_on_smb =
        !replacing && item.meta.size >= PARTS_FROM && item.dst_dir.has_uri_scheme("smb");
    match big_new_on_smb.then(|| in_parts.take()).flatten() {
        Some(taken) => (in_parts::starts(item.meta.size), Some(taken)),
        None => (Vec::new(), None),
    }
}

/// Another stream on the new file `target`, at `offset`; `None` where the backend gives
/// none that can start there (the file then goes in one stream).
pub(super) async fn open_at(
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
    // socket, which a cancel of the job cuts short; the upload's other files wait that
    // long, once for each part of a big file.
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

/// A stream for each part of the new file `target` after its first, beginning at `starts`;
/// none if any cannot be had (the file then goes in one stream).
pub(super) async fn streams(
    ctx: &Ctx,
    target: &gio::File,
    starts: Vec<u64>,
) -> Result<Vec<(gio::FileOutputStream, u64)>, Failure> {
    let mut opened = Vec::with_capacity(starts.len());
    for start in starts {
        let stream = match open_at(ctx, target, start).await {
            Ok(Some(stream)) => stream,
            failed => {
                for (stream, _) in opened {
                    super::send::let_go(stream).await;
                }
                return failed.map(|_| Vec::new());
            }
        };
        opened.push((stream, start));
    }
    Ok(opened)
}
