//! A screenshot of the window: its pixels, saved as PNG, and the words on it as
//! `tesseract` reads them (at twice the size, where it reads UI text reliably).

use std::path::Path;
use std::process::Command;

pub struct Shot {
    pub width: usize,
    pub height: usize,
    /// RGB, row by row.
    pub rgb: Vec<u8>,
}

/// A word read off a screenshot, with its box in window pixels.
#[derive(Debug, Clone)]
pub struct Word {
    pub text: String,
    pub x: i32,
    pub y: i32,
    pub width: i32,
    pub height: i32,
    /// The line it is on (block, paragraph, line), as tesseract groups words.
    pub line: (u32, u32, u32),
}

impl Word {
    pub fn centre(&self) -> (i32, i32) {
        (self.x + self.width / 2, self.y + self.height / 2)
    }
}

impl Shot {
    /// From X's 32-bit Z pixmap (blue, green, red, unused).
    pub fn from_bgrx(width: usize, height: usize, data: &[u8]) -> Shot {
        let mut rgb = Vec::with_capacity(width * height * 3);
        for p in data.chunks_exact(4).take(width * height) {
            rgb.extend_from_slice(&[p[2], p[1], p[0]]);
        }
        Shot { width, height, rgb }
    }

    pub fn distinct_colours(&self) -> usize {
        let mut seen = std::collections::HashSet::new();
        for p in self.rgb.chunks_exact(3) {
            seen.insert((p[0], p[1], p[2]));
        }
        seen.len()
    }

    /// The colour at `(x, y)`.
    pub fn pixel(&self, x: usize, y: usize) -> [u8; 3] {
        let i = (y * self.width + x) * 3;
        [self.rgb[i], self.rgb[i + 1], self.rgb[i + 2]]
    }

    /// About how many pixels are within 30 of `rgb` in each channel (every other pixel
    /// each way is looked at, the count times four).
    pub fn pixels_like(&self, rgb: [u8; 3]) -> usize {
        let near = |a: u8, b: u8| a.abs_diff(b) < 30;
        let mut n = 0;
        for y in (0..self.height).step_by(2) {
            for x in (0..self.width).step_by(2) {
                let p = self.pixel(x, y);
                if near(p[0], rgb[0]) && near(p[1], rgb[1]) && near(p[2], rgb[2]) {
                    n += 1;
                }
            }
        }
        n * 4
    }

    pub fn write_png(&self, path: &Path) {
        write_png(path, self.width, self.height, &self.rgb);
    }

    /// The pixels with each highlighted stretch of a line (the selection's strong
    /// colour, with light text on it) turned into dark text on light grey like the
    /// rest: tesseract reads dark text on a light ground.
    fn light_text_made_dark(&self) -> Vec<u8> {
        let mut rgb = self.rgb.clone();
        let strong = |p: [u8; 3]| {
            let (lo, hi) = (p.iter().min().copied(), p.iter().max().copied());
            matches!((lo, hi), (Some(lo), Some(hi)) if hi >= 120 && hi - lo >= 90)
        };
        for y in 0..self.height {
            let row: Vec<usize> = (0..self.width)
                .filter(|&x| strong(self.pixel(x, y)))
                .collect();
            let (Some(&first), Some(&last)) = (row.first(), row.last()) else {
                continue;
            };
            if row.len() < self.width / 5 {
                continue;
            }
            // Light text has its weakest channel high, the strong ground has it low:
            // that channel, inverted, is dark text on a light grey.
            for x in first..=last {
                let i = (y * self.width + x) * 3;
                let grey = 255 - rgb[i..i + 3].iter().min().copied().unwrap_or(0);
                rgb[i..i + 3].fill(grey);
            }
        }
        rgb
    }

    /// The words drawn, as read by `tesseract`.
    pub fn words(&self) -> Vec<Word> {
        let dir = tempfile::tempdir().expect("a temp folder for OCR");
        let big = dir.path().join("shot.png");
        let light = self.light_text_made_dark();
        let (w, h) = (self.width * 2, self.height * 2);
        let mut rgb = Vec::with_capacity(w * h * 3);
        for y in 0..h {
            for x in 0..w {
                let i = ((y / 2) * self.width + x / 2) * 3;
                rgb.extend_from_slice(&light[i..i + 3]);
            }
        }
        write_png(&big, w, h, &rgb);
        porpoise_testkit::run(
            Command::new("tesseract")
                .arg(&big)
                .args(["stdout", "--psm", "11", "tsv"])
                .env("OMP_THREAD_LIMIT", "1"),
        )
        .lines()
        .skip(1)
        .filter_map(|line| {
            let f: Vec<&str> = line.split('\t').collect();
            let text = f.get(11)?.trim();
            if text.is_empty() {
                return None;
            }
            let n = |i: usize| f.get(i).and_then(|v| v.parse::<i32>().ok());
            let l = |i: usize| f.get(i).and_then(|v| v.parse::<u32>().ok());
            Some(Word {
                line: (l(2)?, l(3)?, l(4)?),
                text: text.to_owned(),
                x: n(6)? / 2,
                y: n(7)? / 2,
                width: n(8)? / 2,
                height: n(9)? / 2,
            })
        })
        .collect()
    }

    /// The centre of the first run of words on one line that holds `text` (case aside);
    /// `text` may be several words ("Move here").
    pub fn find_text(&self, text: &str) -> Option<(i32, i32)> {
        find(&self.words(), text)
    }
}

/// The centre of the shortest run of words on one line whose text holds `text`.
pub fn find(words: &[Word], text: &str) -> Option<(i32, i32)> {
    let needle = text.to_lowercase();
    let wanted = needle.split_whitespace().count().max(1);
    for len in wanted..=wanted + 1 {
        for run in words.windows(len) {
            if run.iter().any(|w| w.line != run[0].line) {
                continue;
            }
            let joined = run
                .iter()
                .map(|w| w.text.to_lowercase())
                .collect::<Vec<_>>()
                .join(" ");
            if joined.contains(&needle) {
                let (first, last) = (&run[0], &run[len - 1]);
                let right = last.x + last.width;
                let (top, bottom) = run.iter().fold((i32::MAX, i32::MIN), |(t, b), w| {
                    (t.min(w.y), b.max(w.y + w.height))
                });
                return Some(((first.x + right) / 2, (top + bottom) / 2));
            }
        }
    }
    None
}

fn write_png(path: &Path, width: usize, height: usize, rgb: &[u8]) {
    let file = std::fs::File::create(path).expect("create the screenshot file");
    let mut enc = png::Encoder::new(std::io::BufWriter::new(file), width as u32, height as u32);
    enc.set_color(png::ColorType::Rgb);
    enc.set_depth(png::BitDepth::Eight);
    let mut w = enc.write_header().expect("png header");
    w.write_image_data(rgb).expect("png data");
}
