//! Where the window drew its parts, for screen readers: a node with bounds takes focus
//! requests over AT-SPI (its Component interface) and a magnifier can follow it. The
//! bounds of every container with an id are read off iced's laid-out widgets by an
//! operation after a tree went; the parts look theirs up by the ids they drew with.

use std::collections::HashMap;

use iced::Rectangle;
use iced::advanced::widget::operation::Outcome;
use iced::advanced::widget::{Id, Operation};

/// The bounds of the containers with an id, as last laid out.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Bounds(HashMap<Id, Rectangle>);

impl Bounds {
    /// Where the container `id` was drawn, in window coordinates.
    pub fn of(&self, id: &Id) -> Option<accesskit::Rect> {
        self.0.get(id).map(|r| accesskit::Rect {
            x0: f64::from(r.x),
            y0: f64::from(r.y),
            x1: f64::from(r.x + r.width),
            y1: f64::from(r.y + r.height),
        })
    }

    /// Give `node` the bounds of the container `id`, if it was drawn.
    pub fn place(&self, node: &mut accesskit::Node, id: &Id) {
        if let Some(rect) = self.of(id) {
            node.set_bounds(rect);
        }
    }
}

/// Read the bounds of the window's containers as they are laid out now.
pub fn measure() -> iced::Task<Bounds> {
    iced::advanced::widget::operate(Measure::default())
}

/// The operation that gathers them.
#[derive(Default)]
struct Measure(HashMap<Id, Rectangle>);

impl Operation<Bounds> for Measure {
    fn traverse(&mut self, operate: &mut dyn FnMut(&mut dyn Operation<Bounds>)) {
        operate(self);
    }

    fn container(&mut self, id: Option<&Id>, bounds: Rectangle) {
        if let Some(id) = id {
            self.0.insert(id.clone(), bounds);
        }
    }

    fn finish(&self) -> Outcome<Bounds> {
        Outcome::Some(Bounds(self.0.clone()))
    }
}
