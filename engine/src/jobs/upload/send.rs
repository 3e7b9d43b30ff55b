//! Sending one file to the server through GIO: made under its name (asking by the job's
//! rule when the name is taken), its data written piece by piece (a big file to SMB in parts
//! at once, see [`parts`]) and counted as the backend takes each, closed, then
//! given its source's time and mode. A file cut short is deleted from the server, so no
//! part of one stays under its name.

use std::time::{Duration, Instant};

use futures_util::future::{Either, select};

use gio::glib;
use gio::prelude::*;

use crate::error::Op;
use crate::mounts::gvfs::io_error;

use super::super::events::JobEvent;
use super::super::parts::{self as in_parts, Span};
use super::super::progress::{CURRENT_FILE_MIN, Counters, Tally};
use super::super::resolve::Resolver;
use super::super::runner::Ctx;
use super::shared::Shared;
use super::wait::{Failure, conflict, finished};
use super::walk::Item;
use super::{parts, piece, whole};

/// How long a stream cut short is given to close.
const LET_GO_WAIT: Duration = Duration::from_secs(10);
/// How often a stream cut short is looked at until its cancelled write is over.
const PENDING_LOOK: Duration = Duration::from_millis(10);

/// Send `item`, reporting how it went.
pub(super) async fn send(ctx: &Ctx, shared: &Shared, resolver: &Resolver, item: Item) {
    if item.meta.size >= CURRENT_FILE_MIN {
        ctx.counters.set_current(item.src.clone());
    }
    let mut item = item;
    match arrive(ctx, shared, resolver, &mut item).await {
        Ok(new) => {
            ctx.counters.add_done(Tally::File, 1);
            if item.is_top {
                let _ = ctx.tx.send(JobEvent::Placed {
                    source: item.src.clone(),
                    target: item.dst_path(),
                    new,
                });
            }
        }
        Err(Failure::Skipped) => shared.item_failed(item.top),
        Err(Failure::Cancelled) => shared.item_failed(item.top),
        Err(Failure::Failed(op, e)) => {
            shared.failed(ctx, (item.top, &item.src, item.dst_path()), op, e)
        }
    }
}

/// Make, fill and finish the copy; whether it is new (not replacing a file).
async fn arrive(
    ctx: &Ctx,
    shared: &Shared,
    resolver: &Resolver,
    item: &mut Item,
) -> Result<bool, Failure> {
    if whole::sent_whole(item) {
        let replaced = whole::send(ctx, resolver, item).await?;
        return Ok(!replaced);
    }
    let source = crate::sys::open_file_at(&*item.src_dir, &item.src_name)
        .map(std::fs::File::from)
        .map_err(|e| Failure::Failed(Op::Open, e))?;
    let (stream, replaced) = create(ctx, resolver, item).await?;
    let target = item.target();
    // A file in parts keeps the upload's one hold on parts until it has been sent.
    let (starts, _in_parts) = parts::starts(item, replaced, &shared.in_parts);
    let others = match parts::streams(ctx, &target, starts).await {
        Ok(others) => others,
        Err(f) => {
            let_go(stream).await;
            whole::remove_part(&target).await;
            return Err(f);
        }
    };
    let source = Source {
        file: &source,
        size: item.meta.size,
    };
    // Each stream writes from where its part begins to where the next one's does.
    let starts: Vec<u64> = others.iter().map(|(_, start)| *start).collect();
    let most = piece::most(!others.is_empty());
    let streams = std::iter::once(&stream).chain(others.iter().map(|(s, _)| s));
    let fills = streams
        .zip(in_parts::spans(&starts))
        .map(|(stream, span)| fill(ctx, shared, &source, stream, span, most));
    let filled = futures_util::future::try_join_all(fills).await.map(|_| ());
    let mut open = vec![stream];
    open.extend(others.into_iter().map(|(s, _)| s));
    let closed = match filled {
        // The later parts first: the stream made with the file closes it last.
        Ok(()) => close_all(ctx, &mut open).await,
        Err(f) => Err(f),
    };
    if let Err(f) = closed {
        for stream in open {
            let_go(stream).await;
        }
        whole::remove_part(&target).await;
        return Err(f);
    }
    keep_time_and_mode(shared, &target, item).await;
    Ok(!replaced)
}

/// Close the streams of `open`, the last first, taking each closed one out; the first
/// failure ends it.
async fn close_all(ctx: &Ctx, open: &mut Vec<gio::FileOutputStream>) -> Result<(), Failure> {
    while let Some(stream) = open.last() {
        finished(ctx, stream.close_future(glib::Priority::DEFAULT))
            .await
            .and_then(|r| r.map_err(|e| Failure::Failed(Op::Write, io_error(&e))))?;
        open.pop();
    }
    Ok(())
}

/// Let go of a stream cut short (cancelled, or failed) without blocking the thread. GIO
/// closes a stream still open when it goes, synchronously, and a GVfs backend that was
/// sent a cancel can leave that close waiting forever (on the uploads' thread, so every
/// upload would wait). So the stream is closed here asynchronously once its cancelled
/// write is over. A close not over in [`LET_GO_WAIT`] is waited for no longer but left
/// to end by itself on the uploads' thread. A stream that does not close is leaked rather
/// than closed on its way out.
pub(super) async fn let_go(stream: gio::FileOutputStream) {
    let close = glib::spawn_future_local(async move {
        while stream.has_pending() {
            glib::timeout_future(PENDING_LOOK).await;
        }
        let _ = stream.close_future(glib::Priority::DEFAULT).await;
        if !stream.is_closed() {
            tracing::warn!("a cut-short copy's stream did not close: left open");
            std::mem::forget(stream);
        }
    });
    let wait = glib::timeout_future(LET_GO_WAIT);
    if let Either::Right(_) = select(close, std::pin::pin!(wait)).await {
        tracing::warn!("a cut-short copy's stream is slow to close: left to close by itself");
    }
}

/// The copy made on the server, and whether it replaces a file that was there.
async fn create(
    ctx: &Ctx,
    resolver: &Resolver,
    item: &mut Item,
) -> Result<(gio::FileOutputStream, bool), Failure> {
    let mut replace = false;
    loop {
        let target = item.target();
        let made = if replace {
            finished(
                ctx,
                target.replace_future(
                    None,
                    false,
                    gio::FileCreateFlags::NONE,
                    glib::Priority::DEFAULT,
                ),
            )
            .await?
        } else {
            finished(
                ctx,
                target.create_future(gio::FileCreateFlags::NONE, glib::Priority::DEFAULT),
            )
            .await?
        };
        match made {
            Ok(stream) => return Ok((stream, replace)),
            Err(e) if !replace && e.matches(gio::IOErrorEnum::Exists) => {
                match conflict(ctx, resolver, item)? {
                    Some(name) => item.name = name,
                    None => replace = true,
                }
            }
            Err(e) => return Err(Failure::Failed(Op::Create, io_error(&e))),
        }
    }
}

/// The file being sent, and its size as it was seen.
struct Source<'a> {
    file: &'a std::fs::File,
    size: u64,
}

/// Write `span` of `source` to `stream`, piece by piece, each as big as the server's pace
/// allows, up to `most` bytes (see [`piece`]).
async fn fill(
    ctx: &Ctx,
    shared: &Shared,
    source: &Source<'_>,
    stream: &gio::FileOutputStream,
    span: Span,
    most: usize,
) -> Result<(), Failure> {
    let Span {
        from: mut at,
        to: end,
    } = span;
    // A file smaller than a piece starts with a buffer of its size.
    let expected = end.unwrap_or(source.size).saturating_sub(at);
    let mut piece = usize::try_from(expected)
        .unwrap_or(piece::FIRST)
        .clamp(1, piece::FIRST);
    let mut buf = Vec::new();
    loop {
        if !ctx.control.checkpoint() {
            return Err(Failure::Cancelled);
        }
        let left = end.map_or(u64::MAX, |end| end.saturating_sub(at));
        let want = usize::try_from(left).unwrap_or(usize::MAX).min(piece);
        if want == 0 {
            return Ok(());
        }
        let holding = shared.held.hold(want);
        // The last piece's buffer is filled again; one bigger than the piece now is let go,
        // so what the pieces hold stays what `holding` counts.
        if buf.capacity() > want {
            buf = Vec::new();
        }
        buf.resize(want, 0);
        let n =
            read_some_at(source.file, &mut buf, at).map_err(|e| Failure::Failed(Op::Read, e))?;
        if n == 0 {
            return Ok(());
        }
        buf.truncate(n);
        let started = Instant::now();
        let written = finished(ctx, stream.write_all_future(buf, glib::Priority::DEFAULT)).await?;
        buf = match written {
            Ok((back, _, None)) => back,
            Ok((_, _, Some(e))) | Err((_, e)) => {
                return Err(Failure::Failed(Op::Write, io_error(&e)));
            }
        };
        Counters::add(&ctx.counters.bytes_done, n as u64);
        at += n as u64;
        drop(holding);
        piece = piece::next(piece, started.elapsed(), &shared.held, most);
    }
}

/// Fill `buf` from `source` at `offset` as far as it goes; how much was read (0 at its
/// end).
fn read_some_at(source: &std::fs::File, buf: &mut [u8], offset: u64) -> std::io::Result<usize> {
    use std::os::unix::fs::FileExt;
    let mut got = 0;
    while got < buf.len() {
        match source.read_at(&mut buf[got..], offset + got as u64) {
            Ok(0) => break,
            Ok(n) => got += n,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
            Err(e) => return Err(e),
        }
    }
    Ok(got)
}

/// Give the copy its source's modification time and mode, as far as the server keeps
/// them; one it refuses is a lost attribute, not a failure.
async fn keep_time_and_mode(shared: &Shared, target: &gio::File, item: &Item) {
    let can = shared.settable;
    let info = gio::FileInfo::new();
    let (secs, nanos) = item.meta.mtime;
    if can.mtime
        && let Ok(secs) = u64::try_from(secs)
    {
        info.set_attribute_uint64(gio::FILE_ATTRIBUTE_TIME_MODIFIED, secs);
        if can.mtime_usec {
            info.set_attribute_uint32(gio::FILE_ATTRIBUTE_TIME_MODIFIED_USEC, nanos / 1000);
        }
    }
    if can.mode {
        info.set_attribute_uint32(
            gio::FILE_ATTRIBUTE_UNIX_MODE,
            u32::from(item.meta.mode & 0o7777),
        );
    }
    if info.list_attributes(None).is_empty() {
        return;
    }
    let set = target
        .set_attributes_future(
            &info,
            gio::FileQueryInfoFlags::NOFOLLOW_SYMLINKS,
            glib::Priority::DEFAULT,
        )
        .await;
    if set.is_err() {
        shared.attributes_lost.set(true);
    }
}
