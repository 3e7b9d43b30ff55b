//! Text forms for the terminal: escaped names and paths, what could not be done, mode
//! strings, sizes and times.

use std::io::Write;
use std::os::unix::ffi::OsStrExt;
use std::path::Path;

use porpoise_engine::error::{IoError, chain};

/// A path as the command writes it in what it says: escaped as names are, or for a path
/// below an address given on the command line, that address's (`smb://nas/photos/x`), not
/// its path in GVfs's FUSE folder.
pub fn escaped_path(path: &Path) -> String {
    if let Some(address) = crate::remote::address_of(path) {
        return address.uri();
    }
    let mut out = Vec::new();
    // Writing to a Vec cannot fail.
    let _ = write_escaped(&mut out, path.as_os_str().as_bytes());
    String::from_utf8_lossy(&out).into_owned()
}

/// `cannot open folder PATH: Permission denied (os error 13)`, the path as
/// [`escaped_path`] writes it, then the cause with the causes under it.
pub fn cannot(e: &IoError) -> String {
    format!(
        "cannot {} {}: {}",
        e.op.as_str(),
        escaped_path(&e.path),
        chain(&e.source)
    )
}

/// Write a name so it is always one safe line: valid UTF-8 passes (but for control
/// characters and backslashes, which are escaped); other bytes become `\xNN`.
pub fn write_escaped(out: &mut impl Write, name: &[u8]) -> std::io::Result<()> {
    let mut rest = name;
    while !rest.is_empty() {
        let (valid, bad) = match std::str::from_utf8(rest) {
            Ok(s) => (s, &[][..]),
            Err(e) => {
                let (v, b) = rest.split_at(e.valid_up_to());
                // SAFETY-free: valid_up_to guarantees UTF-8.
                (std::str::from_utf8(v).unwrap_or_default(), b)
            }
        };
        for c in valid.chars() {
            match c {
                '\\' => out.write_all(b"\\\\")?,
                '\n' => out.write_all(b"\\n")?,
                '\t' => out.write_all(b"\\t")?,
                '\r' => out.write_all(b"\\r")?,
                c if c.is_control() => write!(out, "\\u{{{:x}}}", c as u32)?,
                c => {
                    let mut b = [0u8; 4];
                    out.write_all(c.encode_utf8(&mut b).as_bytes())?;
                }
            }
        }
        if bad.is_empty() {
            break;
        }
        let n = match std::str::from_utf8(bad) {
            Err(e) => e.error_len().unwrap_or(bad.len()),
            Ok(_) => 0,
        };
        for b in &bad[..n] {
            write!(out, "\\x{b:02x}")?;
        }
        rest = &bad[n..];
    }
    Ok(())
}

/// A size as GNU `ls -lh` writes it: in powers of 1024, rounded up, with one decimal
/// below 10 (`1.0K`, `2.5M`, `10K`, `17G`); under 1024 in plain bytes (`0`, `1023`).
/// Never longer than [`HUMAN_SIZE_WIDTH`].
pub fn human_size(bytes: u64) -> String {
    const BASE: u64 = 1024;
    const SUFFIXES: [char; 6] = ['K', 'M', 'G', 'T', 'P', 'E'];
    // GNU's human_readable with human_ceiling: `tenths` is the next digit, `rounding`
    // what is below it (0 nothing, 1 under half, 2 half, 3 over half).
    let mut amt = bytes;
    let mut tenths = 0;
    let mut rounding = 0;
    let mut exponent = 0;
    let mut decimal = None;
    if amt >= BASE {
        while amt >= BASE && exponent < SUFFIXES.len() {
            let r10 = (amt % BASE) * 10 + tenths;
            let r2 = (r10 % BASE) * 2 + (rounding >> 1);
            amt /= BASE;
            tenths = r10 / BASE;
            // What was below the last step's tenths counts too.
            rounding = if r2 < BASE {
                u64::from(r2 + rounding != 0)
            } else if r2 + rounding > BASE {
                3
            } else {
                2
            };
            exponent += 1;
        }
        if amt < 10 {
            if rounding > 0 {
                tenths += 1;
                rounding = 0;
                if tenths == 10 {
                    amt += 1;
                    tenths = 0;
                }
            }
            if amt < 10 {
                decimal = Some(tenths);
                tenths = 0;
                rounding = 0;
            }
        }
    }
    if tenths + rounding > 0 {
        amt += 1;
        if amt == BASE && exponent < SUFFIXES.len() {
            exponent += 1;
            amt = 1;
            decimal = Some(0);
        }
    }
    let mut s = amt.to_string();
    if let Some(d) = decimal {
        s.push('.');
        s.push(char::from(b'0' + d as u8));
    }
    if exponent > 0 {
        s.push(SUFFIXES[exponent - 1]);
    }
    s
}

/// The widest [`human_size`]: `1023K`.
pub const HUMAN_SIZE_WIDTH: usize = 5;

/// `drwxr-xr-x`-style mode string.
pub fn mode_string(mode: u32) -> [u8; 10] {
    let t = match mode & libc::S_IFMT {
        libc::S_IFDIR => b'd',
        libc::S_IFLNK => b'l',
        libc::S_IFIFO => b'p',
        libc::S_IFSOCK => b's',
        libc::S_IFCHR => b'c',
        libc::S_IFBLK => b'b',
        _ => b'-',
    };
    let mut s = [t, b'-', b'-', b'-', b'-', b'-', b'-', b'-', b'-', b'-'];
    let bits = [
        (0o400, 1, b'r'),
        (0o200, 2, b'w'),
        (0o100, 3, b'x'),
        (0o040, 4, b'r'),
        (0o020, 5, b'w'),
        (0o010, 6, b'x'),
        (0o004, 7, b'r'),
        (0o002, 8, b'w'),
        (0o001, 9, b'x'),
    ];
    for (bit, at, c) in bits {
        if mode & bit != 0 {
            s[at] = c;
        }
    }
    let special = [
        (0o4000, 3, b's', b'S'),
        (0o2000, 6, b's', b'S'),
        (0o1000, 9, b't', b'T'),
    ];
    for (bit, at, with_x, without_x) in special {
        if mode & bit != 0 {
            s[at] = if s[at] == b'x' { with_x } else { without_x };
        }
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    fn esc(b: &[u8]) -> String {
        let mut v = Vec::new();
        write_escaped(&mut v, b).expect("write to a Vec");
        String::from_utf8(v).expect("escaped output is UTF-8")
    }

    /// An error with a cause of its own, as a server's answers come.
    #[derive(Debug)]
    struct Refused(std::io::Error);

    impl std::fmt::Display for Refused {
        fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
            f.write_str("the share refused it")
        }
    }

    impl std::error::Error for Refused {
        fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
            Some(&self.0)
        }
    }

    #[test]
    fn cannot_names_the_path_then_every_cause() {
        let cause = std::io::Error::other("connection reset by the server");
        let e = IoError::new(
            porpoise_engine::error::Op::OpenDir,
            "/plans/new\nline",
            std::io::Error::other(Refused(cause)),
        );
        assert_eq!(
            cannot(&e),
            "cannot open folder /plans/new\\nline: the share refused it: \
             connection reset by the server"
        );
    }

    #[test]
    fn escapes() {
        assert_eq!(esc(b"plain.txt"), "plain.txt");
        assert_eq!(esc(b"two\nlines"), "two\\nlines");
        assert_eq!(esc(b"caf\xe9"), "caf\\xe9");
        assert_eq!(esc("été".as_bytes()), "été");
        assert_eq!(esc(b"a\\b"), "a\\\\b");
        assert_eq!(esc(b"\x1b[31m"), "\\u{1b}[31m");
    }

    #[test]
    fn human_sizes_of_files_no_test_can_make() {
        // The edges of GNU's rounding are checked through the command against the real
        // `ls -lh` (cli/tests/ls.rs); these are sizes no test folder holds.
        let cases: [(u64, &str); 3] = [(17 << 30, "17G"), (1 << 50, "1.0P"), (u64::MAX, "16E")];
        for (bytes, want) in cases {
            assert_eq!(human_size(bytes), want, "{bytes} bytes");
            assert!(human_size(bytes).len() <= HUMAN_SIZE_WIDTH);
        }
    }

    #[test]
    fn modes() {
        assert_eq!(&mode_string(0o040755), b"drwxr-xr-x");
        assert_eq!(&mode_string(0o104755), b"-rwsr-xr-x");
        assert_eq!(&mode_string(0o041777), b"drwxrwxrwt");
    }
}
