//! Dragging inside the window, as plain state: a press on an entry becomes a drag once
//! the pointer moves far enough; what a drop onto a folder may ask for.

use std::path::{Path, PathBuf};

use iced::Point;

use crate::request::{JobKind, JobRequest};

/// How far (in pixels) the pointer moves before a press becomes a drag.
pub const THRESHOLD: f32 = 6.0;

/// Where things can be dropped: a folder of the view (by name) or a Places entry.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum DropTarget {
    Entry(Vec<u8>),
    Place(PathBuf),
    /// The tab at this place: its folder.
    Tab(usize),
    /// Places outside its places: folders dropped there are bookmarked.
    Bookmarks,
}

/// A press on entries that may become a drag.
#[derive(Debug, Clone, PartialEq)]
pub struct Drag {
    /// What would be dragged (full paths).
    pub sources: Vec<PathBuf>,
    pub origin: Point,
    pub at: Point,
    /// Past the threshold: the ghost shows and targets highlight.
    pub active: bool,
    /// The target the button was released over.
    pub released_on: Option<DropTarget>,
}

impl Drag {
    pub fn new(sources: Vec<PathBuf>, origin: Point) -> Drag {
        Drag {
            sources,
            origin,
            at: origin,
            active: false,
            released_on: None,
        }
    }

    /// The pointer moved to `to`; true when this move started the drag.
    pub fn moved(&mut self, to: Point) -> bool {
        self.at = to;
        if !self.active && self.origin.distance(to) >= THRESHOLD {
            self.active = true;
            return true;
        }
        false
    }
}

/// The job kind a drop asks for directly from the held modifiers (Shift moves, Ctrl
/// copies, both link), or `None` to ask with the drop menu.
pub fn direct_kind(shift: bool, ctrl: bool) -> Option<JobKind> {
    match (shift, ctrl) {
        (true, true) => Some(JobKind::Link),
        (true, false) => Some(JobKind::Move),
        (false, true) => Some(JobKind::Copy),
        (false, false) => None,
    }
}

/// Whether dropping `sources` into `dest` does anything: not a folder into itself or
/// below itself, and not into the folder every source is already in.
pub fn drop_allowed(sources: &[PathBuf], dest: &Path) -> bool {
    if sources.is_empty() || sources.iter().any(|s| dest.starts_with(s)) {
        return false;
    }
    !sources.iter().all(|s| s.parent() == Some(dest))
}

/// The request for a drop, if it does anything.
pub fn drop_request(kind: JobKind, sources: &[PathBuf], dest: &Path) -> Option<JobRequest> {
    drop_allowed(sources, dest).then(|| JobRequest {
        kind,
        sources: sources.to_vec(),
        dest: dest.to_owned(),
        modes: None,
        compress: None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn becomes_a_drag_past_the_threshold() {
        let mut d = Drag::new(vec![PathBuf::from("/a")], Point::new(10.0, 10.0));
        assert!(!d.moved(Point::new(12.0, 12.0)));
        assert!(!d.active);
        assert!(d.moved(Point::new(20.0, 10.0)));
        assert!(d.active);
        assert!(!d.moved(Point::new(30.0, 10.0)));
    }

    #[test]
    fn never_drops_onto_itself() {
        let src = vec![PathBuf::from("/h/a"), PathBuf::from("/h/dir")];
        assert!(!drop_allowed(&src, Path::new("/h/dir")));
        assert!(!drop_allowed(&src, Path::new("/h/dir/sub")));
        assert!(!drop_allowed(&src, Path::new("/h")));
        assert!(drop_allowed(&src, Path::new("/h/other")));
        assert!(drop_allowed(&[PathBuf::from("/x/a")], Path::new("/h")));
        assert_eq!(direct_kind(true, false), Some(JobKind::Move));
        assert_eq!(direct_kind(false, true), Some(JobKind::Copy));
        assert_eq!(direct_kind(true, true), Some(JobKind::Link));
        assert_eq!(direct_kind(false, false), None);
    }
}
