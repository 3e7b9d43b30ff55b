//! Where an image lands on the pixels: its bounds there, whether the clip cuts it, and the
//! transform that turns it about its centre.

use crate::core::{Rectangle, Transformation};
use crate::engine::into_transform;

/// An image's place on the pixels.
pub struct Placement {
    /// Its bounds in pixels.
    pub physical: Rectangle,
    /// The clip cuts part of it.
    pub clipped: bool,
}

impl Placement {
    /// The place of `bounds` under `transformation`; none when the clip hides it all.
    pub fn of(
        bounds: Rectangle,
        transformation: Transformation,
        clip_bounds: Rectangle,
    ) -> Option<Placement> {
        let physical = bounds * transformation;
        clip_bounds.intersects(&physical).then(|| Placement {
            physical,
            clipped: !physical.is_within(&clip_bounds),
        })
    }

    /// `transformation` turned by `radians` about the image's centre.
    pub fn rotated(
        &self,
        transformation: Transformation,
        radians: f32,
    ) -> tiny_skia::Transform {
        let center = self.physical.center();
        into_transform(transformation).post_rotate_at(
            radians.to_degrees(),
            center.x,
            center.y,
        )
    }
}
