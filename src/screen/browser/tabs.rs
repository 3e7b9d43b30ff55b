//! The window's tabs: their order around the shown one, and the messages that open,
//! close, show and move them. The shown tab's pane is held by the app itself (it is the
//! one almost every message is about); [`Tabs`] keeps the others in their places.

/// What can be done with tabs (one variant of `Message`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TabMsg {
    /// Ctrl+T: a new tab at the shown folder, after the shown tab.
    New,
    /// A new tab at this folder (middle-click on a folder or place), not shown.
    OpenBehind(std::path::PathBuf),
    /// Ctrl+W or the tab's close button (`None`: the shown tab). The last tab closes the
    /// window.
    Close(Option<usize>),
    /// Show the tab at this place (Alt+1…9).
    Show(usize),
    /// A press on the tab at this place: it is shown, and a release on another tab
    /// moves it there.
    Pressed(usize),
    /// A middle-click on a folder of the view: it opens in a new tab behind.
    OpenEntry(Vec<u8>),
    /// Ctrl+Tab and Ctrl+PageDown: the next tab, round the end.
    Next,
    /// Ctrl+Shift+Tab and Ctrl+PageUp: the tab before, round the start.
    Previous,
    /// Ctrl+Shift+T: the last closed tab again.
    Reopen,
    /// A tab was dragged from one place to another.
    Moved { from: usize, to: usize },
}

/// The tabs that are not shown, in order, and where the shown one sits among them.
#[derive(Debug)]
pub struct Tabs<P> {
    others: Vec<P>,
    shown: usize,
}

impl<P> Default for Tabs<P> {
    fn default() -> Self {
        Tabs {
            others: Vec::new(),
            shown: 0,
        }
    }
}

impl<P> Tabs<P> {
    /// How many tabs there are, the shown one included.
    pub fn count(&self) -> usize {
        self.others.len() + 1
    }

    /// There is only the shown tab.
    pub fn is_single(&self) -> bool {
        self.others.is_empty()
    }

    /// The place of the shown tab.
    pub fn shown(&self) -> usize {
        self.shown
    }

    /// Where tab `at` (not the shown one) is kept among the others.
    fn index(&self, at: usize) -> usize {
        if at < self.shown { at } else { at - 1 }
    }

    /// The tabs before the shown one and those after it, in order.
    pub fn around(&self) -> (&[P], &[P]) {
        self.others.split_at(self.shown)
    }

    /// The tabs that are not shown.
    pub fn others_mut(&mut self) -> impl Iterator<Item = &mut P> {
        self.others.iter_mut()
    }

    /// Open `new` right after the shown tab and show it: `swap` puts it in the shown
    /// tab's place and gives back the tab shown before.
    pub fn open(&mut self, new: P, swap: impl FnOnce(P) -> P) {
        let old = swap(new);
        self.others.insert(self.shown, old);
        self.shown += 1;
    }

    /// Open `new` at place `at` among all tabs (the end at most) and show it; `swap` as
    /// for [`Tabs::open`]. A closed tab comes back where it was.
    pub fn open_at(&mut self, at: usize, new: P, swap: impl FnOnce(P) -> P) {
        let old = swap(new);
        self.others.insert(self.shown, old);
        self.shown = at.min(self.others.len());
    }

    /// Open `new` after all the tabs without showing it.
    pub fn open_last(&mut self, new: P) {
        self.others.push(new);
    }

    /// Open `new` right after the shown tab without showing it.
    pub fn open_behind(&mut self, new: P) {
        self.others.insert(self.shown, new);
    }

    /// Show tab `to` (`swap` as for [`Tabs::open`]); the shown one goes back to its place.
    /// False when there is no such tab or it is already shown.
    pub fn show(&mut self, to: usize, swap: impl FnOnce(P) -> P) -> bool {
        if to >= self.count() || to == self.shown {
            return false;
        }
        let next = self.others.remove(self.index(to));
        let old = swap(next);
        let at = if self.shown < to {
            self.shown
        } else {
            self.shown - 1
        };
        self.others.insert(at, old);
        self.shown = to;
        true
    }

    /// Close the shown tab and show the one after it (the one before when it was the
    /// last); `swap` as for [`Tabs::open`]. `None` when it is the only tab.
    pub fn close_shown(&mut self, swap: impl FnOnce(P) -> P) -> Option<P> {
        if self.others.is_empty() {
            return None;
        }
        let next = self.shown.min(self.others.len() - 1);
        let replacement = self.others.remove(next);
        self.shown = next;
        Some(swap(replacement))
    }

    /// Close tab `at`, which is not the shown one.
    pub fn close(&mut self, at: usize) -> Option<P> {
        if at == self.shown || at >= self.count() {
            return None;
        }
        let closed = self.others.remove(self.index(at));
        if at < self.shown {
            self.shown -= 1;
        }
        Some(closed)
    }

    /// Move tab `from` to place `to` (the others make room); the shown tab stays shown.
    pub fn move_tab(&mut self, from: usize, to: usize) {
        let last = self.count() - 1;
        let (from, to) = (from.min(last), to.min(last));
        if from == to {
            return;
        }
        if from == self.shown {
            self.shown = to;
            return;
        }
        let moved = self.others.remove(self.index(from));
        if from < self.shown {
            self.shown -= 1;
        }
        if to <= self.shown {
            self.others.insert(to, moved);
            self.shown += 1;
        } else {
            self.others.insert(to - 1, moved);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Tabs "a".."e" with `at` shown.
    fn five(at: usize) -> (Tabs<char>, char) {
        let mut tabs = Tabs::default();
        let mut shown = 'a';
        for c in ['b', 'c', 'd', 'e'] {
            tabs.open(c, |c| std::mem::replace(&mut shown, c));
        }
        assert!(at == 4 || tabs.show(at, |c| std::mem::replace(&mut shown, c)));
        (tabs, shown)
    }

    fn order(tabs: &Tabs<char>, shown: &char) -> String {
        let (before, after) = tabs.around();
        before.iter().chain([shown]).chain(after).collect()
    }

    #[test]
    fn a_new_tab_opens_after_the_shown_one() {
        let (mut tabs, mut shown) = five(1);
        assert_eq!((order(&tabs, &shown), shown), ("abcde".into(), 'b'));
        tabs.open('x', |c| std::mem::replace(&mut shown, c));
        assert_eq!((order(&tabs, &shown), shown), ("abxcde".into(), 'x'));
        assert_eq!(tabs.shown(), 2);
        tabs.open_behind('y');
        assert_eq!((order(&tabs, &shown), shown), ("abxycde".into(), 'x'));
    }

    #[test]
    fn showing_a_tab_keeps_the_order() {
        let (mut tabs, mut shown) = five(3);
        for to in [0, 4, 2, 2, 1] {
            tabs.show(to, |c| std::mem::replace(&mut shown, c));
            assert_eq!(order(&tabs, &shown), "abcde");
            assert_eq!(tabs.shown(), to);
            assert_eq!(shown, "abcde".as_bytes()[to] as char);
        }
        assert!(!tabs.show(5, |c| c), "no sixth tab");
    }

    #[test]
    fn closing_the_shown_tab_shows_the_next_or_else_the_one_before() {
        let (mut tabs, mut shown) = five(2);
        assert_eq!(
            tabs.close_shown(|c| std::mem::replace(&mut shown, c)),
            Some('c')
        );
        assert_eq!((order(&tabs, &shown), shown), ("abde".into(), 'd'));
        tabs.show(3, |c| std::mem::replace(&mut shown, c));
        assert_eq!(
            tabs.close_shown(|c| std::mem::replace(&mut shown, c)),
            Some('e')
        );
        assert_eq!((order(&tabs, &shown), shown), ("abd".into(), 'd'));
        assert_eq!(tabs.close(0), Some('a'));
        assert_eq!((order(&tabs, &shown), tabs.shown()), ("bd".into(), 1));
        assert_eq!(tabs.close(1), None, "the shown tab closes by close_shown");
        tabs.close_shown(|c| std::mem::replace(&mut shown, c));
        assert_eq!(
            tabs.close_shown(|c| std::mem::replace(&mut shown, c)),
            None,
            "the last tab stays"
        );
        assert!(tabs.is_single());
    }

    #[test]
    fn a_dragged_tab_takes_its_new_place() {
        for (shown_at, from, to, want, shown_after) in [
            (2, 0, 4, "bcdea", 1),
            (2, 4, 0, "eabcd", 3),
            (2, 2, 0, "cabde", 0),
            (2, 1, 3, "acdbe", 1),
            (0, 3, 1, "adbce", 0),
        ] {
            let (mut tabs, shown) = five(shown_at);
            tabs.move_tab(from, to);
            assert_eq!(order(&tabs, &shown), want, "{from} → {to}");
            assert_eq!(tabs.shown(), shown_after, "{from} → {to}");
        }
    }
}
