//! A pane showing a folder inside an archive changes nothing there: a paste, a new
//! folder or file, a rename, a cut, trash or delete is refused with a word in the status
//! bar instead (copying entries out stays, as an extraction: `crate::archived`).

use std::path::Path;

use super::{Browser, Context, Event};

impl Browser {
    /// Whether a change of the folder `folder` is refused because it is inside an
    /// archive; the status bar then says so.
    pub(super) fn refused_in(&self, folder: &Path, cx: &mut Context) -> bool {
        if !crate::archived::in_archive(folder) || self.pane.in_trash() {
            return false;
        }
        cx.tell(Event::Error(crate::archived::read_only(folder)));
        true
    }

    /// [`Browser::refused_in`] the shown folder.
    pub(super) fn refused_here(&self, cx: &mut Context) -> bool {
        self.refused_in(self.pane.path(), cx)
    }
}
