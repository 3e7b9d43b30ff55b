//! `porpoise mounts` through the real binary: class, type, mount point and source each
//! start at the same column on every line.

use std::process::Command;

/// Where each whitespace-separated field of `line` starts, in characters.
fn field_starts(line: &str) -> Vec<usize> {
    let mut starts = Vec::new();
    let mut in_space = true;
    for (i, c) in line.chars().enumerate() {
        if c == ' ' {
            in_space = true;
        } else if in_space {
            in_space = false;
            starts.push(i);
        }
    }
    starts
}

#[test]
fn mounts_aligns_its_columns() {
    // UTF-8 (checked by run): mount points are escaped.
    let text = porpoise_testkit::run(Command::new(env!("CARGO_BIN_EXE_porpoise")).arg("mounts"));
    let lines: Vec<&str> = text.lines().collect();
    assert!(
        lines.len() >= 3,
        "a header, then at least / and /proc: {text}"
    );
    assert_eq!(
        lines[0].split_whitespace().collect::<Vec<_>>(),
        ["CLASS", "TYPE", "MOUNTPOINT", "SOURCE"],
        "the header line names the columns"
    );
    for l in &lines[1..] {
        assert!(!l.ends_with(' '), "no trailing spaces: {l:?}");
        let class = l.split(' ').next().expect("a class");
        assert!(
            ["local", "removable", "network", "plumbing"].contains(&class),
            "{l}"
        );
    }
    // Class and type are single words: the next two fields start at fixed columns.
    let starts: Vec<Vec<usize>> = lines.iter().map(|l| field_starts(l)).collect();
    for (l, s) in lines.iter().zip(&starts) {
        assert_eq!(s[1], starts[0][1], "type column:\n{text}\n{l}");
        assert_eq!(s[2], starts[0][2], "mount point column:\n{text}\n{l}");
    }
    // The source column, on the lines where no mount point or source holds a space.
    let plain: Vec<(&&str, &Vec<usize>)> = lines
        .iter()
        .zip(&starts)
        .filter(|(_, s)| s.len() == 4)
        .collect();
    let mut points: Vec<usize> = plain
        .iter()
        .filter_map(|(l, _)| l.split_whitespace().nth(2))
        .map(|p| p.chars().count())
        .collect();
    points.sort_unstable();
    points.dedup();
    assert!(
        plain.len() >= 2 && points.len() >= 2,
        "mount points of different lengths to check with:\n{text}"
    );
    for (l, s) in &plain {
        assert_eq!(s[3], plain[0].1[3], "source column:\n{text}\n{l}");
    }
}
