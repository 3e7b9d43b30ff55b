//! Telling an archive's format from its first bytes, never from its name: zip, 7z, tar
//! (plain or inside gzip, bzip2, xz, zstd or lz4), or a single compressed file. A
//! compressed stream is a tar when its first 512 bytes, decompressed, are a tar header.
//! What a name says (what to offer, what to call things) is the table in [`suffix`].

pub mod suffix;

use std::fs::File;
use std::io::Read;
use std::path::Path;

use super::read::decode::{Compression, decoder};

/// What kind of archive, by its first bytes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Format {
    Zip,
    SevenZ,
    Tar,
    TarGzip,
    TarBzip2,
    TarXz,
    TarZstd,
    TarLz4,
    /// One compressed file (`notes.txt.gz`), not a tar.
    Gzip,
    Bzip2,
    Xz,
    Zstd,
    Lz4,
}

impl Format {
    /// The compression around a tar or a single file (`None` for a plain tar, zip and 7z).
    pub fn compression(self) -> Option<Compression> {
        match self {
            Format::Zip | Format::SevenZ | Format::Tar => None,
            Format::TarGzip | Format::Gzip => Some(Compression::Gzip),
            Format::TarBzip2 | Format::Bzip2 => Some(Compression::Bzip2),
            Format::TarXz | Format::Xz => Some(Compression::Xz),
            Format::TarZstd | Format::Zstd => Some(Compression::Zstd),
            Format::TarLz4 | Format::Lz4 => Some(Compression::Lz4),
        }
    }

    /// One compressed file rather than an archive of entries: it is extracted as that
    /// file, beside the archive, not into a folder.
    pub fn is_single_file(self) -> bool {
        matches!(
            self,
            Format::Gzip | Format::Bzip2 | Format::Xz | Format::Zstd | Format::Lz4
        )
    }

    /// The format of a stream compressed with `c`: a tar inside it, or one file.
    fn of(c: Compression, tar: bool) -> Format {
        match (c, tar) {
            (Compression::Gzip, true) => Format::TarGzip,
            (Compression::Gzip, false) => Format::Gzip,
            (Compression::Bzip2, true) => Format::TarBzip2,
            (Compression::Bzip2, false) => Format::Bzip2,
            (Compression::Xz, true) => Format::TarXz,
            (Compression::Xz, false) => Format::Xz,
            (Compression::Zstd, true) => Format::TarZstd,
            (Compression::Zstd, false) => Format::Zstd,
            (Compression::Lz4, true) => Format::TarLz4,
            (Compression::Lz4, false) => Format::Lz4,
        }
    }
}

/// How many bytes [`format_of`] reads to tell the magic.
const MAGIC_BYTES: usize = 512;

/// The format of the archive at `path`, from its first bytes (a compressed stream's are
/// decompressed from the file itself, so a large first block is no obstacle).
pub fn format_of(path: &Path) -> std::io::Result<Option<Format>> {
    let mut f = File::open(path)?;
    let mut head = [0u8; MAGIC_BYTES];
    let n = read_up_to(&mut f, &mut head)?;
    let head = &head[..n];
    if let Some(c) = compression_of(head) {
        let file = File::open(path)?;
        return Ok(Some(Format::of(c, tar_inside(decoder(c, file)))));
    }
    Ok(format_of_bytes(head))
}

/// The format the first bytes `head` say. A compressed stream is decompressed from `head`
/// alone: give enough of it (its first block) to tell a tar from a single file.
pub fn format_of_bytes(head: &[u8]) -> Option<Format> {
    if let Some(c) = compression_of(head) {
        return Some(Format::of(c, tar_inside(decoder(c, head))));
    }
    if head.starts_with(b"PK\x03\x04")
        || head.starts_with(b"PK\x05\x06")
        || head.starts_with(b"PK\x07\x08")
    {
        Some(Format::Zip)
    } else if head.starts_with(&[b'7', b'z', 0xbc, 0xaf, 0x27, 0x1c]) {
        Some(Format::SevenZ)
    } else if is_tar_header(head) {
        Some(Format::Tar)
    } else {
        None
    }
}

/// The compression whose magic `head` starts with.
fn compression_of(head: &[u8]) -> Option<Compression> {
    if head.starts_with(&[0x1f, 0x8b]) {
        Some(Compression::Gzip)
    } else if head.len() >= 4 && head.starts_with(b"BZh") && (b'1'..=b'9').contains(&head[3]) {
        Some(Compression::Bzip2)
    } else if head.starts_with(&[0xfd, b'7', b'z', b'X', b'Z', 0]) {
        Some(Compression::Xz)
    } else if head.starts_with(&[0x28, 0xb5, 0x2f, 0xfd]) {
        Some(Compression::Zstd)
    } else if head.starts_with(&[0x04, 0x22, 0x4d, 0x18]) {
        Some(Compression::Lz4)
    } else {
        None
    }
}

/// Whether the first 512 bytes `decoded` yields are a tar header (what it yields before an
/// error counts; a stream cut short is judged on what came out).
fn tar_inside(mut decoded: impl Read) -> bool {
    let mut block = [0u8; 512];
    let mut n = 0;
    while n < block.len() {
        match decoded.read(&mut block[n..]) {
            Ok(0) | Err(_) => break,
            Ok(k) => n += k,
        }
    }
    is_tar_header(&block[..n])
}

/// A tar header: "ustar" at 257 (POSIX and GNU), or an old tar's header whose checksum
/// (the bytes summed with the checksum field as spaces) matches the one it states.
pub(crate) fn is_tar_header(block: &[u8]) -> bool {
    if block.len() < 512 {
        return false;
    }
    if &block[257..262] == b"ustar" {
        return true;
    }
    let field = &block[148..156];
    let digits: Vec<u8> = field
        .iter()
        .copied()
        .skip_while(|b| *b == b' ')
        .take_while(|b| (b'0'..=b'7').contains(b))
        .collect();
    if digits.is_empty() || block[0] == 0 {
        return false;
    }
    let stated = digits.iter().fold(0u32, |n, d| {
        n.wrapping_mul(8).wrapping_add(u32::from(d - b'0'))
    });
    let sum: u32 = block[..512]
        .iter()
        .enumerate()
        .map(|(i, b)| {
            if (148..156).contains(&i) {
                u32::from(b' ')
            } else {
                u32::from(*b)
            }
        })
        .sum();
    sum == stated
}

/// Read until `buf` is full or the file ends; how much was read.
fn read_up_to(f: &mut File, buf: &mut [u8]) -> std::io::Result<usize> {
    let mut n = 0;
    while n < buf.len() {
        match f.read(&mut buf[n..])? {
            0 => break,
            k => n += k,
        }
    }
    Ok(n)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tar_block() -> Vec<u8> {
        let mut tar = vec![0u8; 512];
        tar[..4].copy_from_slice(b"name");
        tar[257..262].copy_from_slice(b"ustar");
        tar
    }

    #[test]
    fn formats_are_told_by_their_first_bytes() {
        assert_eq!(format_of_bytes(b"PK\x03\x04rest"), Some(Format::Zip));
        assert_eq!(
            format_of_bytes(&[b'7', b'z', 0xbc, 0xaf, 0x27, 0x1c, 0, 4]),
            Some(Format::SevenZ)
        );
        assert_eq!(format_of_bytes(&tar_block()), Some(Format::Tar));
        assert_eq!(format_of_bytes(b"plain text"), None);
    }

    #[test]
    fn a_compressed_tar_is_told_from_a_compressed_file() {
        use std::io::Write;
        let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::fast());
        gz.write_all(&tar_block()).expect("write");
        let gz = gz.finish().expect("gzip");
        assert_eq!(format_of_bytes(&gz), Some(Format::TarGzip));
        let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::fast());
        gz.write_all(b"just some notes").expect("write");
        let gz = gz.finish().expect("gzip");
        assert_eq!(format_of_bytes(&gz), Some(Format::Gzip));
    }

    #[test]
    fn an_old_tar_is_known_by_its_checksum() {
        let mut block = vec![0u8; 512];
        block[..5].copy_from_slice(b"a.txt");
        block[100..107].copy_from_slice(b"0000644");
        let sum: u32 = block.iter().map(|b| u32::from(*b)).sum::<u32>() + 8 * u32::from(b' ');
        let field = format!("{sum:06o}\0 ");
        block[148..156].copy_from_slice(field.as_bytes());
        assert!(is_tar_header(&block));
        block[0] = b'b';
        assert!(!is_tar_header(&block));
    }
}
