//! Every pane of the window (the one with the keyboard, the one beside it in split view,
//! those of the tabs behind), which listing each follows, and how one listing serves
//! every pane that shows its folder: one pane takes the listing's events and the others
//! share its entries, each with its own filter and selection.

use std::collections::HashSet;

use iced::Task;
use porpoise_engine::listing::DirEvent;

use super::pane::{Around, Pane};
use super::tab::{Beside, Tab};
use super::tabs::Tabs;
use super::{Browser, Context, Message};

/// The panes but the one with the keyboard.
pub(super) fn others<'a>(beside: &'a Option<Beside>, tabs: &'a Tabs<Tab>) -> Vec<&'a Pane> {
    let (before, after) = tabs.around();
    let behind = before
        .iter()
        .chain(after)
        .flat_map(|t| std::iter::once(&t.pane).chain(t.beside.as_ref().map(|b| &b.pane)));
    beside
        .as_ref()
        .map(|b| &b.pane)
        .into_iter()
        .chain(behind)
        .collect()
}

/// Every pane.
pub(super) fn all<'a>(
    pane: &'a Pane,
    beside: &'a Option<Beside>,
    tabs: &'a Tabs<Tab>,
) -> Vec<&'a Pane> {
    let mut panes = others(beside, tabs);
    panes.push(pane);
    panes
}

/// The panes but the one with the keyboard, to change.
fn others_mut<'a>(
    beside: &'a mut Option<Beside>,
    tabs: &'a mut Tabs<Tab>,
) -> impl Iterator<Item = &'a mut Pane> {
    let behind = tabs
        .others_mut()
        .flat_map(|t| std::iter::once(&mut t.pane).chain(t.beside.as_mut().map(|b| &mut b.pane)));
    beside
        .as_mut()
        .map(|b| &mut b.pane)
        .into_iter()
        .chain(behind)
}

impl Browser {
    /// The pane with the keyboard, and what it reads from the window while it changes.
    pub(super) fn split<'a>(&'a mut self, cx: &'a Context) -> (&'a mut Pane, Around<'a>) {
        (
            &mut self.pane,
            Around {
                settings: &*cx.settings,
                cache: &mut self.cache,
                home: &cx.home.folder,
                peers: others(&self.beside, &self.tabs),
                remote: &self.remote,
            },
        )
    }

    /// What a new pane reads from the window: every pane is its peer.
    pub(super) fn around<'a>(&'a mut self, cx: &'a Context) -> Around<'a> {
        Around {
            settings: &*cx.settings,
            cache: &mut self.cache,
            home: &cx.home.folder,
            peers: all(&self.pane, &self.beside, &self.tabs),
            remote: &self.remote,
        }
    }

    /// The panes that follow listing `generation`.
    pub fn panes_listing(&mut self, generation: u64) -> Vec<&mut Pane> {
        let focused = std::iter::once(&mut self.pane);
        focused
            .chain(others_mut(&mut self.beside, &mut self.tabs))
            .filter(|p| p.generation() == generation)
            .collect()
    }

    /// Every pane, to change.
    pub(super) fn every_pane_mut(&mut self) -> impl Iterator<Item = &mut Pane> {
        std::iter::once(&mut self.pane).chain(others_mut(&mut self.beside, &mut self.tabs))
    }

    /// Every pane closes the folders it opened in place.
    pub(super) fn close_open_folders(&mut self, cx: &Context) {
        let (pane, around) = self.split(cx);
        pane.close_all_folders(around.cache, &around.peers);
        for pane in others_mut(&mut self.beside, &mut self.tabs) {
            pane.close_all_folders(&mut self.cache, &[]);
        }
    }

    /// The panes that follow listing `generation`, for their folder or a folder opened
    /// in place.
    pub fn panes_following(&mut self, generation: u64) -> Vec<&mut Pane> {
        let focused = std::iter::once(&mut self.pane);
        focused
            .chain(others_mut(&mut self.beside, &mut self.tabs))
            .filter(|p| p.generation() == generation || p.follows_branch(generation))
            .collect()
    }

    /// The listings some pane follows (those of folders opened in place too), each once:
    /// the window lists (and watches) them.
    pub fn listings_followed(&self) -> Vec<&super::pane::listing::Listing> {
        let mut seen = HashSet::new();
        all(&self.pane, &self.beside, &self.tabs)
            .into_iter()
            .flat_map(|p| p.listings())
            .filter(|l| l.generation != 0 && seen.insert(l.generation))
            .collect()
    }

    /// Every listing some pane follows came to its end.
    pub fn is_listed(&self) -> bool {
        all(&self.pane, &self.beside, &self.tabs)
            .iter()
            .all(|p| p.listings().all(|l| l.ended))
    }

    /// A listing event: the first pane that follows the listing (the one with the
    /// keyboard when it does) takes it, the others then share what it made of it.
    /// Events of listings no pane follows any more are dropped.
    pub(super) fn on_dir_event(
        &mut self,
        generation: u64,
        event: DirEvent,
        cx: &mut Context,
    ) -> Task<Message> {
        // A folder opened in place: its own pane's rows change.
        let hidden = cx.settings.show_hidden;
        if let Some(pane) = self
            .panes_following(generation)
            .into_iter()
            .find(|p| p.follows_branch(generation))
        {
            return pane
                .on_branch_event(generation, event, hidden)
                .map(Message::Pane);
        }
        let renamed = match &event {
            DirEvent::Changed(c) => c.renamed.clone(),
            _ => Vec::new(),
        };
        let settled = matches!(
            event,
            DirEvent::Complete | DirEvent::Unchanged | DirEvent::Changed(_)
        );
        for pane in self.panes_listing(generation) {
            pane.listing_mut().take(&event);
        }
        let focused = self.pane.generation() == generation;
        // The others let go of the entries they share, so they change in place.
        let mut followers = others_mut(&mut self.beside, &mut self.tabs)
            .filter(|p| p.generation() == generation)
            .skip(usize::from(!focused))
            .peekable();
        let shared = followers.peek().is_some();
        followers.for_each(|p| p.lister_mut().release());
        let task = if focused {
            self.focused_dir_event(event, cx)
        } else {
            let around = Around {
                settings: &*cx.settings,
                cache: &mut self.cache,
                home: &cx.home.folder,
                peers: Vec::new(),
                remote: &self.remote,
            };
            let Some(pane) =
                others_mut(&mut self.beside, &mut self.tabs).find(|p| p.generation() == generation)
            else {
                return Task::none();
            };
            // A pane without the keyboard tells the window nothing of its moves.
            pane.on_dir_event(event, false, around).0.map(Message::Pane)
        };
        if shared {
            self.share_listing(generation, &renamed, settled);
        }
        task
    }

    /// The panes that follow listing `generation` take the entries of the first of them
    /// (the one that took the listing's last event), each with its own filter.
    fn share_listing(&mut self, generation: u64, renamed: &[(Vec<u8>, Vec<u8>)], settled: bool) {
        let mut panes = self.panes_listing(generation).into_iter();
        let Some(first) = panes.next() else {
            return;
        };
        let listed = first.lister().listed();
        for pane in panes.filter(|p| !p.lister().holds(&listed)) {
            pane.follow(&listed, renamed, settled);
        }
    }

    /// The shown panes take the view settings (sort, hidden files), and panes showing the
    /// same folder share its entries again (a sort of its own made each a copy).
    pub(super) fn adopt_settings(&mut self, settings: &crate::settings::Settings) {
        self.pane.adopt(settings);
        if let Some(b) = &mut self.beside {
            b.pane.adopt(settings);
        }
        let shown: HashSet<u64> = self.shown_panes().iter().map(|p| p.generation()).collect();
        for generation in shown {
            self.share_listing(generation, &[], true);
        }
    }
}
