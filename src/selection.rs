//! The selection of the file view, kept by name so it survives re-sorts and new batches;
//! the cursor is the entry keyboard moves start from.

use std::collections::HashSet;

use crate::screen::browser::pane::tree::Rows;

#[derive(Debug, Default, Clone)]
pub struct Selection {
    names: HashSet<Vec<u8>>,
    /// The focused entry (last clicked or moved to).
    cursor: Option<Vec<u8>>,
    /// Where a Shift range starts.
    anchor: Option<Vec<u8>>,
}

impl Selection {
    pub fn clear(&mut self) {
        self.names.clear();
        self.cursor = None;
        self.anchor = None;
    }

    pub fn is_selected(&self, name: &[u8]) -> bool {
        self.names.contains(name)
    }

    pub fn len(&self) -> usize {
        self.names.len()
    }

    pub fn is_empty(&self) -> bool {
        self.names.is_empty()
    }

    pub fn cursor(&self) -> Option<&[u8]> {
        self.cursor.as_deref()
    }

    pub fn names(&self) -> impl Iterator<Item = &[u8]> {
        self.names.iter().map(Vec::as_slice)
    }

    /// Select only `name` and put the cursor on it.
    pub fn select_only(&mut self, name: &[u8]) {
        self.names.clear();
        self.names.insert(name.to_vec());
        self.cursor = Some(name.to_vec());
        self.anchor = Some(name.to_vec());
    }

    /// Ctrl+click: flip one entry, keep the others.
    pub fn toggle(&mut self, name: &[u8]) {
        if !self.names.remove(name) {
            self.names.insert(name.to_vec());
        }
        self.cursor = Some(name.to_vec());
        self.anchor = Some(name.to_vec());
    }

    /// Add `name` to the selection and put the cursor on it (the rubber band).
    pub fn add(&mut self, name: &[u8]) {
        self.names.insert(name.to_vec());
        self.cursor = Some(name.to_vec());
        if self.anchor.is_none() {
            self.anchor = Some(name.to_vec());
        }
    }

    /// An entry was renamed (by another program): it stays selected (and the cursor
    /// stays on it) under its new name.
    pub fn rename(&mut self, from: &[u8], to: &[u8]) {
        if self.names.remove(from) {
            self.names.insert(to.to_vec());
        }
        for slot in [&mut self.cursor, &mut self.anchor] {
            if slot.as_deref() == Some(from) {
                *slot = Some(to.to_vec());
            }
        }
    }

    /// The opened folder `folder` closed: what was selected inside it is let go, and a
    /// cursor inside it moves to the folder (as in Dolphin).
    pub fn close_folder(&mut self, folder: &[u8]) {
        use crate::screen::browser::pane::tree::is_inside;
        self.names.retain(|n| !is_inside(n, folder));
        for slot in [&mut self.cursor, &mut self.anchor] {
            if slot.as_deref().is_some_and(|c| is_inside(c, folder)) {
                *slot = Some(folder.to_vec());
            }
        }
    }

    /// Every opened folder closed: only entries of the shown folder itself stay
    /// selected, and a cursor inside an opened folder moves to the one it was in.
    pub fn keep_top(&mut self) {
        let top = |n: &[u8]| n.split(|&b| b == b'/').next().unwrap_or(n).to_vec();
        self.names.retain(|n| !n.contains(&b'/'));
        for slot in [&mut self.cursor, &mut self.anchor] {
            if let Some(c) = slot.as_deref() {
                *slot = Some(top(c));
            }
        }
    }

    /// Ctrl+arrows: put the cursor on `name` and leave what is selected as it is.
    pub fn move_cursor(&mut self, name: &[u8]) {
        self.cursor = Some(name.to_vec());
        self.anchor = Some(name.to_vec());
    }

    /// Ctrl+Space: flip the entry under the cursor.
    pub fn toggle_cursor(&mut self) {
        if let Some(c) = self.cursor.clone() {
            self.toggle(&c);
        }
    }

    /// Ctrl+A: every shown entry; the cursor stays (or goes to the first).
    pub fn select_all(&mut self, lister: &Rows<'_>) {
        self.names = lister.iter().map(|(_, n)| n.into_owned()).collect();
        if self.cursor.is_none() {
            self.cursor = lister.get(0).map(|(_, n)| n.into_owned());
            self.anchor = self.cursor.clone();
        }
    }

    /// Ctrl+Shift+A: every shown entry that was not selected, and none that was; the
    /// cursor stays.
    pub fn invert(&mut self, lister: &Rows<'_>) {
        let was = std::mem::take(&mut self.names);
        self.names = lister
            .iter()
            .map(|(_, n)| n.into_owned())
            .filter(|n| !was.contains(n))
            .collect();
    }

    /// Shift+move/click: select from the anchor to position `to` (shown order).
    pub fn extend_to(&mut self, lister: &Rows<'_>, to: usize) {
        let from = self
            .anchor
            .as_deref()
            .and_then(|a| lister.position(a))
            .unwrap_or(to);
        let (lo, hi) = (from.min(to), from.max(to));
        self.names.clear();
        for i in lo..=hi {
            if let Some((_, n)) = lister.get(i) {
                self.names.insert(n.into_owned());
            }
        }
        self.cursor = lister.get(to).map(|(_, n)| n.into_owned());
        if self.anchor.is_none() {
            self.anchor = self.cursor.clone();
        }
    }

    /// Position of the cursor among the shown entries.
    pub fn cursor_position(&self, lister: &Rows<'_>) -> Option<usize> {
        lister.position(self.cursor.as_deref()?)
    }

    /// Forget names that are no longer shown (removed, or hidden by a filter).
    pub fn retain_shown(&mut self, lister: &Rows<'_>) {
        if self.names.is_empty() && self.cursor.is_none() {
            return;
        }
        // A few names: each looked up (no key made per row of a large opened folder).
        if self.names.len() < 16 {
            self.names.retain(|n| lister.position(n).is_some());
            if self
                .cursor
                .as_deref()
                .is_some_and(|c| lister.position(c).is_none())
            {
                self.cursor = None;
            }
            return;
        }
        let shown: HashSet<std::borrow::Cow<'_, [u8]>> = lister.iter().map(|(_, n)| n).collect();
        self.names.retain(|n| shown.contains(n.as_slice()));
        if let Some(c) = &self.cursor
            && !shown.contains(c.as_slice())
        {
            self.cursor = None;
        }
    }

    /// Selected entries, how many of them are files, and the files' total bytes.
    pub fn summary(&self, lister: &Rows<'_>) -> (usize, usize, u64) {
        if self.names.is_empty() {
            return (0, 0, 0);
        }
        let (files, bytes) = lister
            .iter()
            .filter(|(e, n)| !e.is_dir_like() && self.names.contains(n.as_ref()))
            .fold((0, 0), |(f, b), (e, _)| (f + 1, b + e.size));
        (self.names.len(), files, bytes)
    }
}
