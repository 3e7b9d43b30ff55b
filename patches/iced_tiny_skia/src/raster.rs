use crate::core::image as raster;
use crate::clip::ClipMask;
use crate::core::{Rectangle, Size, Transformation};
use crate::placement::Placement;
use crate::graphics;

use rustc_hash::{FxHashMap, FxHashSet};
use std::cell::RefCell;
use std::collections::hash_map;

#[derive(Debug)]
pub struct Pipeline {
    cache: RefCell<Cache>,
}

impl Pipeline {
    pub fn new() -> Self {
        Self {
            cache: RefCell::new(Cache::default()),
        }
    }

    pub fn load(
        &self,
        handle: &raster::Handle,
    ) -> Result<raster::Allocation, raster::Error> {
        let mut cache = self.cache.borrow_mut();
        let image = cache.allocate(handle)?;

        #[allow(unsafe_code)]
        Ok(unsafe {
            raster::allocate(handle, Size::new(image.width(), image.height()))
        })
    }

    pub fn dimensions(&self, handle: &raster::Handle) -> Option<Size<u32>> {
        let mut cache = self.cache.borrow_mut();
        let image = cache.allocate(handle).ok()?;

        Some(Size::new(image.width(), image.height()))
    }

    /// Draws a raster image at `bounds` under `transformation`: directly into the pixels when it
    /// is not rotated, through a transformed pattern otherwise.
    pub fn draw_image(
        &mut self,
        image: &raster::Image,
        bounds: Rectangle,
        transformation: Transformation,
        pixels: &mut tiny_skia::PixmapMut<'_>,
        clip_mask: &mut ClipMask<'_>,
        clip_bounds: Rectangle,
    ) {
        let Some(at) = Placement::of(bounds, transformation, clip_bounds) else {
            return;
        };
        let radians = f32::from(image.rotation);
        let direct_clip = at.clipped.then_some(clip_bounds);
        if radians == 0.0
            && self.draw_direct(
                &image.handle,
                image.filter_method,
                at.physical,
                image.opacity,
                pixels,
                direct_clip,
            )
        {
            return;
        }
        self.draw(
            &image.handle,
            image.filter_method,
            bounds,
            image.opacity,
            pixels,
            at.rotated(transformation, radians),
            clip_mask.when(at.clipped),
        );
    }

    pub fn draw(
        &mut self,
        handle: &raster::Handle,
        filter_method: raster::FilterMethod,
        bounds: Rectangle,
        opacity: f32,
        pixels: &mut tiny_skia::PixmapMut<'_>,
        transform: tiny_skia::Transform,
        clip_mask: Option<&tiny_skia::Mask>,
    ) {
        let mut cache = self.cache.borrow_mut();

        let Ok(image) = cache.allocate(handle) else {
            return;
        };

        let width_scale = bounds.width / image.width() as f32;
        let height_scale = bounds.height / image.height() as f32;

        let transform = transform.pre_scale(width_scale, height_scale);

        let quality = match filter_method {
            raster::FilterMethod::Linear => tiny_skia::FilterQuality::Bilinear,
            raster::FilterMethod::Nearest => tiny_skia::FilterQuality::Nearest,
        };

        pixels.draw_pixmap(
            (bounds.x / width_scale) as i32,
            (bounds.y / height_scale) as i32,
            image,
            &tiny_skia::PixmapPaint {
                quality,
                opacity,
                ..Default::default()
            },
            transform,
            clip_mask,
        );
    }

    /// Draw the image of `handle` straight into the pixels, as large as `bounds`
    /// (physical pixels, a whole number of them), at the nearest whole pixel, as glyphs
    /// are, cut to `clip`. An image of another size is scaled once for that size and
    /// kept while it is drawn (up to [`MAX_SCALED`] pixels). `false` (nothing drawn) for
    /// bounds of a part of a pixel or a larger size.
    pub fn draw_direct(
        &mut self,
        handle: &raster::Handle,
        filter_method: raster::FilterMethod,
        bounds: Rectangle,
        opacity: f32,
        pixels: &mut tiny_skia::PixmapMut<'_>,
        clip: Option<Rectangle>,
    ) -> bool {
        let whole = |v: f32| (v - v.round()).abs() < 1.0 / 64.0 && v >= 1.0;

        if !whole(bounds.width) || !whole(bounds.height) {
            return false;
        }

        let size = (bounds.width.round() as u32, bounds.height.round() as u32);
        let mut cache = self.cache.borrow_mut();

        let Some(image) = cache.sized(handle, filter_method, size) else {
            return false;
        };

        let (width, height) = (pixels.width(), pixels.height());

        crate::direct::draw(
            pixels,
            (bounds.x.round() as i32, bounds.y.round() as i32),
            image.data(),
            image.width(),
            opacity,
            clip.map(|clip| crate::direct::Pixels::covering(clip, width, height)),
        );

        true
    }

    pub fn trim_cache(&mut self) {
        self.cache.borrow_mut().trim();
    }
}

/// The most pixels an image scaled for drawing directly may have.
pub const MAX_SCALED: u32 = 256 * 256;

#[derive(Debug, Default)]
struct Cache {
    entries: FxHashMap<raster::Id, Option<Entry>>,
    hits: FxHashSet<raster::Id>,
    scaled: FxHashMap<ScaledKey, tiny_skia::Pixmap>,
    scaled_hits: FxHashSet<ScaledKey>,
}

/// An image scaled to a size, with the filter it was scaled with.
type ScaledKey = (raster::Id, (u32, u32), bool);

impl Cache {
    /// The image of `handle` at `size`: itself when it has that size, else scaled to it
    /// with `filter_method` (kept while it is drawn); `None` if it does not load or
    /// would be larger than [`MAX_SCALED`].
    fn sized(
        &mut self,
        handle: &raster::Handle,
        filter_method: raster::FilterMethod,
        size: (u32, u32),
    ) -> Option<tiny_skia::PixmapRef<'_>> {
        let own = {
            let image = self.allocate(handle).ok()?;
            (image.width(), image.height())
        };

        if own == size {
            return self.allocate(handle).ok();
        }

        if size.0.saturating_mul(size.1) > MAX_SCALED {
            return None;
        }

        let linear = filter_method == raster::FilterMethod::Linear;
        let key = (handle.id(), size, linear);

        if !self.scaled.contains_key(&key) {
            let image = self.allocate(handle).ok()?;
            let mut scaled = tiny_skia::Pixmap::new(size.0, size.1)?;

            scaled.draw_pixmap(
                0,
                0,
                image,
                &tiny_skia::PixmapPaint {
                    quality: if linear {
                        tiny_skia::FilterQuality::Bilinear
                    } else {
                        tiny_skia::FilterQuality::Nearest
                    },
                    ..Default::default()
                },
                tiny_skia::Transform::from_scale(
                    size.0 as f32 / image.width() as f32,
                    size.1 as f32 / image.height() as f32,
                ),
                None,
            );

            let _ = self.scaled.insert(key, scaled);
        }

        let _ = self.scaled_hits.insert(key);

        self.scaled.get(&key).map(tiny_skia::Pixmap::as_ref)
    }

    pub fn allocate(
        &mut self,
        handle: &raster::Handle,
    ) -> Result<tiny_skia::PixmapRef<'_>, raster::Error> {
        let id = handle.id();

        if let hash_map::Entry::Vacant(entry) = self.entries.entry(id) {
            let image = match graphics::image::load(handle) {
                Ok(image) => image,
                Err(error) => {
                    let _ = entry.insert(None);

                    return Err(error);
                }
            };

            if image.width() == 0 || image.height() == 0 {
                return Err(raster::Error::Empty);
            }

            let mut buffer =
                vec![0u32; image.width() as usize * image.height() as usize];

            for (i, pixel) in image.pixels().enumerate() {
                let [r, g, b, a] = pixel.0;

                buffer[i] = bytemuck::cast(
                    tiny_skia::ColorU8::from_rgba(b, g, r, a).premultiply(),
                );
            }

            let _ = entry.insert(Some(Entry {
                width: image.width(),
                height: image.height(),
                pixels: buffer,
            }));
        }

        let _ = self.hits.insert(id);

        Ok(self
            .entries
            .get(&id)
            .unwrap()
            .as_ref()
            .map(|entry| {
                tiny_skia::PixmapRef::from_bytes(
                    bytemuck::cast_slice(&entry.pixels),
                    entry.width,
                    entry.height,
                )
                .expect("Build pixmap from image bytes")
            })
            .expect("Image should be allocated"))
    }

    fn trim(&mut self) {
        self.entries.retain(|key, _| self.hits.contains(key));
        self.hits.clear();
        self.scaled.retain(|key, _| self.scaled_hits.contains(key));
        self.scaled_hits.clear();
    }
}

#[derive(Debug)]
struct Entry {
    width: u32,
    height: u32,
    pixels: Vec<u32>,
}
