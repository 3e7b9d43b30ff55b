//! A one-line name that fits its width: a name too long for the room it has loses its
//! middle to "…" and keeps its start and its extension ("holiday-in-th…beach.jpg"), as
//! Dolphin shows names. Only the drawn text is shortened: widget operations (and so tests
//! and screen readers) see the whole name.

use iced::advanced::layout::{self, Layout};
use iced::advanced::mouse;
use iced::advanced::renderer;
use iced::advanced::text::{self, Paragraph, paragraph};
use iced::advanced::widget::{self, Tree, Widget, tree};
use iced::{Element, Length, Pixels, Rectangle, Size};

/// The mark put where a name's middle was left out.
pub const ELLIPSIS: char = '…';

/// A name drawn on one line, shortened in the middle when it does not fit.
pub struct Elided {
    full: String,
    size: f32,
    /// As wide as the drawn text (at most the room it gets), rather than all the room.
    shrink: bool,
}

/// A name of `size` pixels that fills the width it gets.
pub fn elided(full: impl Into<String>, size: f32) -> Elided {
    Elided {
        full: full.into(),
        size,
        shrink: false,
    }
}

impl Elided {
    /// Take only the width of the drawn text (so what is around it can tell a press on
    /// the name from one beside it).
    pub fn shrink(mut self) -> Elided {
        self.shrink = true;
        self
    }
}

struct State<P: Paragraph> {
    paragraph: paragraph::Plain<P>,
    /// The width and the text last laid out for it, so an unchanged row measures nothing.
    fitted: Option<(f32, String, String)>,
}

impl<P: Paragraph> Default for State<P> {
    fn default() -> Self {
        State {
            paragraph: paragraph::Plain::default(),
            fitted: None,
        }
    }
}

impl<Message, Theme, Renderer> Widget<Message, Theme, Renderer> for Elided
where
    Renderer: text::Renderer,
{
    fn tag(&self) -> tree::Tag {
        tree::Tag::of::<State<Renderer::Paragraph>>()
    }

    fn state(&self) -> tree::State {
        tree::State::new(State::<Renderer::Paragraph>::default())
    }

    fn size(&self) -> Size<Length> {
        let width = if self.shrink {
            Length::Shrink
        } else {
            Length::Fill
        };
        Size::new(width, Length::Shrink)
    }

    fn layout(
        &mut self,
        tree: &mut Tree,
        renderer: &Renderer,
        limits: &layout::Limits,
    ) -> layout::Node {
        let state = tree.state.downcast_mut::<State<Renderer::Paragraph>>();
        let width = limits.max().width;
        let font = renderer.default_font();
        let size = Pixels(self.size);
        let fresh = match &state.fitted {
            Some((w, full, _)) => *w != width || *full != self.full,
            None => true,
        };
        if fresh {
            let measure = |s: &str| {
                Renderer::Paragraph::with_text(line(s, size, font))
                    .min_bounds()
                    .width
            };
            let shown = fit(&self.full, width, measure);
            state.fitted = Some((width, self.full.clone(), shown));
        }
        let shown = state.fitted.as_ref().map_or("", |(_, _, s)| s.as_str());
        let _ = state.paragraph.update(line(shown, size, font));
        let bounds = state.paragraph.min_bounds();
        if self.shrink {
            return layout::Node::new(Size::new(bounds.width.min(width), bounds.height));
        }
        layout::Node::new(limits.resolve(
            Length::Fill,
            Length::Shrink,
            Size::new(width, bounds.height),
        ))
    }

    fn draw(
        &self,
        tree: &Tree,
        renderer: &mut Renderer,
        _theme: &Theme,
        style: &renderer::Style,
        layout: Layout<'_>,
        _cursor: mouse::Cursor,
        viewport: &Rectangle,
    ) {
        let state = tree.state.downcast_ref::<State<Renderer::Paragraph>>();
        let bounds = layout.bounds();
        renderer.fill_paragraph(
            state.paragraph.raw(),
            bounds.position(),
            style.text_color,
            *viewport,
        );
    }

    fn operate(
        &mut self,
        _tree: &mut Tree,
        layout: Layout<'_>,
        _renderer: &Renderer,
        operation: &mut dyn widget::Operation,
    ) {
        operation.text(None, layout.bounds(), &self.full);
    }
}

impl<'a, Message, Theme, Renderer> From<Elided> for Element<'a, Message, Theme, Renderer>
where
    Renderer: text::Renderer + 'a,
{
    fn from(e: Elided) -> Self {
        Element::new(e)
    }
}

/// One unwrapped line of `content`.
fn line<F>(content: &str, size: Pixels, font: F) -> text::Text<&str, F> {
    text::Text {
        content,
        bounds: Size::INFINITE,
        size,
        line_height: text::LineHeight::default(),
        font,
        align_x: text::Alignment::Left,
        align_y: iced::alignment::Vertical::Top,
        shaping: text::Shaping::Advanced,
        wrapping: text::Wrapping::None,
    }
}

/// `full` as it fits in `width` (measured by `measure`): whole, or with as much of its
/// start and end as fit around [`ELLIPSIS`], the extension always kept when it fits.
pub fn fit(full: &str, width: f32, measure: impl Fn(&str) -> f32) -> String {
    if measure(full) <= width {
        return full.to_string();
    }
    let chars: Vec<char> = full.chars().collect();
    // The most characters kept for which the shortened name still fits.
    let (mut lo, mut hi) = (0usize, chars.len().saturating_sub(1));
    while lo < hi {
        let mid = (lo + hi).div_ceil(2);
        if measure(&shorten(&chars, mid)) <= width {
            lo = mid;
        } else {
            hi = mid - 1;
        }
    }
    shorten(&chars, lo)
}

/// `chars` with only `keep` of them left around the ellipsis: the extension (up to 8
/// characters after the last dot) stays whole when there is room for it and a little of
/// the start; the rest is shared half and half.
pub fn shorten(chars: &[char], keep: usize) -> String {
    let ext = extension_len(chars);
    let tail = if ext > 0 && keep >= ext + 3 {
        ext.max(keep / 2)
    } else {
        keep / 2
    };
    let head = keep - tail;
    let mut s: String = chars[..head].iter().collect();
    s.push(ELLIPSIS);
    s.extend(&chars[chars.len() - tail..]);
    s
}

/// Characters of the extension with its dot (".jpg" is 4); 0 when there is none, the dot
/// starts the name, or it is too long to be one.
fn extension_len(chars: &[char]) -> usize {
    match chars.iter().rposition(|&c| c == '.') {
        Some(0) | None => 0,
        Some(i) if chars.len() - i <= 9 => chars.len() - i,
        Some(_) => 0,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every character is 10 px wide.
    fn mono(s: &str) -> f32 {
        s.chars().count() as f32 * 10.0
    }

    #[test]
    fn a_name_that_fits_is_drawn_whole() {
        assert_eq!(fit("notes.txt", 90.0, mono), "notes.txt");
    }

    #[test]
    fn a_long_name_loses_its_middle_and_keeps_its_extension() {
        let name = format!("{}.jpg", "a".repeat(50) + &"b".repeat(50));
        let shown = fit(&name, 200.0, mono);
        assert_eq!(shown.chars().count(), 20, "{shown}");
        assert!(shown.starts_with("aaaa"), "{shown}");
        assert!(shown.ends_with("bbb.jpg"), "{shown}");
        assert!(shown.contains(ELLIPSIS), "{shown}");
    }

    #[test]
    fn a_very_narrow_room_keeps_what_it_can() {
        assert_eq!(fit("abcdef.txt", 30.0, mono), "a…t");
        assert_eq!(fit("abcdef.txt", 5.0, mono), "…");
    }

    #[test]
    fn dot_files_and_long_suffixes_are_not_extensions() {
        assert_eq!(
            shorten(&".bashrc-old".chars().collect::<Vec<_>>(), 4),
            ".b…ld"
        );
        let long: Vec<char> = "archive.verylongsuffix".chars().collect();
        assert_eq!(shorten(&long, 6), "arc…fix");
    }
}
