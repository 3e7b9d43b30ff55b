//! Sending a whole file in one request to the server's backend (`g_file_copy`), where the
//! backend sends files faster by itself than piece by piece through a stream: SFTP's
//! keeps many writes in flight (measured on 256 MiB over loopback: 1.2 s, against 5.3 s
//! through a stream). Its progress is counted as the backend reports it.

use futures_util::StreamExt;
use futures_util::future::{Either, select};
use gio::glib;
use gio::prelude::*;

use crate::error::Op;
use crate::mounts::gvfs::io_error;

use super::super::progress::Counters;
use super::super::resolve::Resolver;
use super::super::runner::Ctx;
use super::wait::{Failure, cancellable, conflict};
use super::walk::Item;

/// Files at least this big go whole where the backend sends them faster that way.
const WHOLE_FROM: u64 = 1 << 20;

/// Whether `item` goes whole: a big file to an SFTP server.
pub(super) fn sent_whole(item: &Item) -> bool {
    item.meta.size >= WHOLE_FROM && item.dst_dir.has_uri_scheme("sftp")
}

/// Send `item` whole under its name, asking by the job's rule when the name is taken;
/// whether it replaced a file. A copy cut short is removed from the server.
pub(super) async fn send(ctx: &Ctx, resolver: &Resolver, item: &mut Item) -> Result<bool, Failure> {
    let source = gio::File::for_path(&item.src);
    let mut replace = false;
    loop {
        let target = item.target();
        let mut flags = gio::FileCopyFlags::NOFOLLOW_SYMLINKS;
        if replace {
            flags |= gio::FileCopyFlags::OVERWRITE;
        }
        let (copy, progress) = source.copy_future(&target, flags, glib::Priority::DEFAULT);
        let copied = match cancellable(ctx, counted(ctx, copy, progress)).await {
            Ok(copied) => copied,
            Err(f) => {
                remove_part(&target).await;
                return Err(f);
            }
        };
        match copied {
            Ok(()) => return Ok(replace),
            Err(e) if !replace && e.matches(gio::IOErrorEnum::Exists) => {
                match conflict(ctx, resolver, item)? {
                    Some(name) => item.name = name,
                    None => replace = true,
                }
            }
            Err(e) => {
                // A folder in the way is the server's own, not a part of this copy.
                let in_the_way = e.matches(gio::IOErrorEnum::IsDirectory)
                    || e.matches(gio::IOErrorEnum::WouldMerge);
                if !in_the_way {
                    remove_part(&target).await;
                }
                return Err(Failure::Failed(Op::Write, io_error(&e)));
            }
        }
    }
}

/// Run `copy`, counting the bytes its progress reports as done.
async fn counted(
    ctx: &Ctx,
    copy: impl std::future::Future<Output = Result<(), glib::Error>> + Unpin,
    mut progress: impl futures_util::Stream<Item = (i64, i64)> + Unpin,
) -> Result<(), glib::Error> {
    let mut told = 0u64;
    let mut copy = copy;
    loop {
        match select(copy, progress.next()).await {
            Either::Left((result, _)) => return result,
            Either::Right((Some((now, _)), rest)) => {
                let now = u64::try_from(now).unwrap_or(0);
                Counters::add(&ctx.counters.bytes_done, now.saturating_sub(told));
                told = told.max(now);
                copy = rest;
            }
            Either::Right((None, rest)) => return rest.await,
        }
    }
}

/// What reached the server of a file cut short is not a whole copy: it goes, whatever
/// stopped it.
pub(super) async fn remove_part(target: &gio::File) {
    let _ = target.delete_future(glib::Priority::DEFAULT).await;
}
