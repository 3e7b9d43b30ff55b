//! Text forms for the terminal: escaped names, mode strings, sizes and times.

use std::io::Write;

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
    fn modes() {
        assert_eq!(&mode_string(0o040755), b"drwxr-xr-x");
        assert_eq!(&mode_string(0o104755), b"-rwsr-xr-x");
        assert_eq!(&mode_string(0o041777), b"drwxrwxrwt");
    }
}
