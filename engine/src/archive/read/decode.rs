//! The stream decompressors a tar or a single compressed file is read through: gzip,
//! bzip2, xz, zstd and lz4, each streaming with its memory bounded (xz's dictionary under
//! [`DECODER_MEMORY_KIB`], zstd's window under its default limit), concatenated streams
//! read on as the command-line tools read them.

use std::io::{BufReader, Read};

/// The most memory one decoder's dictionary may take, in KiB (xz and 7z): 256 MiB, four
/// times what `xz -9` and `7z -mx9` use.
pub const DECODER_MEMORY_KIB: u32 = 256 * 1024;

/// Bytes of the compressed input read at once.
const INPUT_BUFFER: usize = 256 * 1024;

/// A stream compression.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Compression {
    Gzip,
    Bzip2,
    Xz,
    Zstd,
    Lz4,
}

/// A reader of what `input`, compressed with `c`, holds.
pub fn decoder<'a>(c: Compression, input: impl Read + Send + 'a) -> Box<dyn Read + Send + 'a> {
    // Large reads of the compressed file: fewer calls on the decompressing thread.
    let input = BufReader::with_capacity(INPUT_BUFFER, input);
    match c {
        Compression::Gzip => Box::new(flate2::bufread::MultiGzDecoder::new(input)),
        Compression::Bzip2 => Box::new(bzip2::bufread::MultiBzDecoder::new(input)),
        Compression::Xz => Box::new(lzma_rust2::XzReader::new_mem_limit(
            input,
            true,
            DECODER_MEMORY_KIB,
        )),
        Compression::Zstd => match zstd::stream::read::Decoder::with_buffer(input) {
            Ok(d) => Box::new(d),
            Err(e) => Box::new(Failing(Some(e))),
        },
        Compression::Lz4 => Box::new(lz4_flex::frame::FrameDecoder::new(input)),
    }
}

/// A reader whose first read gives the error a decoder (or its thread) failed to start
/// with.
pub(super) struct Failing(pub(super) Option<std::io::Error>);

impl Read for Failing {
    fn read(&mut self, _: &mut [u8]) -> std::io::Result<usize> {
        Err(self
            .0
            .take()
            .unwrap_or_else(|| std::io::Error::other("the decoder could not start")))
    }
}
