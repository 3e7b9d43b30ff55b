//! The regions a frame draws. Each region draws every layer it touches, so regions that
//! cover most of the rectangle around them (the rows of a list that scrolled, each its
//! own region) draw the same layers over and over; they are drawn as that one rectangle.

use crate::core::Rectangle;

/// `regions`, or the one rectangle around them when they cover at least half of it.
pub fn merge(regions: Vec<Rectangle>) -> Vec<Rectangle> {
    let Some(around) = regions.iter().copied().reduce(|a, b| a.union(&b)) else {
        return regions;
    };

    let covered: f32 = regions.iter().map(Rectangle::area).sum();

    if regions.len() > 1 && covered * 2.0 >= around.area() {
        vec![around]
    } else {
        regions
    }
}
