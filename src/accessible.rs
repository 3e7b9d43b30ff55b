//! The window told to screen readers: every part of the window adds what it shows to an
//! accessibility tree built from its own state ([`tree`]), which AccessKit's adapter
//! publishes on the desktop's AT-SPI bus ([`bridge`]) while an assistive technology
//! listens; and nothing is built while none does.

pub mod bounds;
pub mod bridge;
pub mod menu;
pub mod tree;

use accesskit::{Node, NodeId, Role, TextPosition, TextSelection};

pub use tree::{Act, Part, ROOT, Targets, Tree, labelled};

/// A text field named `label` holding `value`: its text is readable (a text run), with
/// the caret after its end.
pub fn text_field<M>(part: &mut Part<'_, M>, key: &str, label: &str, value: &str) -> NodeId {
    let mut field = labelled(Role::TextInput, label);
    field.set_value(value);
    let mut input = part.child(key, field);
    let run = input.add("text", text_run(value));
    let id = input.parent();
    let end = TextPosition {
        node: run,
        character_index: value.chars().count(),
    };
    if let Some(node) = input.node_mut(id) {
        node.set_text_selection(TextSelection {
            anchor: end,
            focus: end,
        });
    }
    id
}

/// A run of text as AccessKit reads it: the characters and how many bytes each takes.
fn text_run(value: &str) -> Node {
    let mut run = Node::new(Role::TextRun);
    run.set_value(value);
    let lengths: Vec<u8> = value.chars().map(|c| c.len_utf8() as u8).collect();
    run.set_character_lengths(lengths);
    run
}

/// A line of text that says something (a heading, a notice, a fact).
pub fn label<M>(part: &mut Part<'_, M>, key: impl std::hash::Hash, words: &str) -> NodeId {
    part.add(key, said(words))
}

/// A text node saying `words` (AccessKit reads a label's text from its value).
pub fn said(words: impl Into<String>) -> Node {
    let mut node = Node::new(Role::Label);
    node.set_value(words.into());
    node
}

/// A button named `label` that sends `press` (none: disabled).
pub fn button<M>(
    part: &mut Part<'_, M>,
    key: impl std::hash::Hash,
    label: &str,
    press: Option<M>,
) -> NodeId {
    let mut node = labelled(Role::Button, label);
    if press.is_none() {
        node.set_disabled();
    }
    let id = part.add(key, node);
    if let Some(m) = press {
        part.on_click(id, m);
    }
    id
}

/// A checkbox named `label`, ticked or not, that sends `toggle` when pressed.
pub fn checkbox<M>(
    part: &mut Part<'_, M>,
    key: impl std::hash::Hash,
    label: &str,
    ticked: bool,
    toggle: M,
) -> NodeId {
    let mut node = labelled(Role::CheckBox, label);
    node.set_toggled(ticked.into());
    let id = part.add(key, node);
    part.on_click(id, toggle);
    id
}

/// The least time between two trees: changes that come faster (a listing streaming in)
/// are published together, so a screen reader is not flooded with the events of every
/// step and the window does not build a tree for each.
pub const PUBLISH_EVERY: std::time::Duration = std::time::Duration::from_millis(100);

/// When the next tree may go.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Turn {
    /// Now.
    Now,
    /// After this wait: the window asks to be woken then.
    After(std::time::Duration),
    /// A wake-up is already asked for.
    Asked,
}

/// The tree's publisher: the adapter, while the window runs on a desktop, and what the
/// last tree's actions send.
pub struct Publisher<T> {
    bridge: Option<bridge::Bridge>,
    targets: Targets<T>,
    /// When the last tree went.
    last: Option<std::time::Instant>,
    /// A tree held back waits for its turn.
    held: bool,
    /// Where the window's parts were drawn, as last measured.
    bounds: bounds::Bounds,
}

impl<T> Default for Publisher<T> {
    /// One that publishes nothing (a window without a desktop, as in tests).
    fn default() -> Self {
        Publisher {
            bridge: None,
            targets: Targets::new(),
            last: None,
            held: false,
            bounds: bounds::Bounds::default(),
        }
    }
}

impl<T> std::fmt::Debug for Publisher<T> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Publisher")
            .field("bridge", &self.bridge)
            .field("targets", &self.targets.len())
            .field("held", &self.held)
            .finish()
    }
}

impl<T: Clone> Publisher<T> {
    /// Start the adapter: it publishes once an assistive technology listens.
    pub fn start() -> Publisher<T> {
        Publisher {
            bridge: Some(bridge::Bridge::start()),
            ..Publisher::default()
        }
    }

    /// Whether an assistive technology listens: only then is a tree wanted.
    pub fn is_listening(&self) -> bool {
        self.bridge.as_ref().is_some_and(bridge::Bridge::is_active)
    }

    /// Whether a tree may go at `now`, at most one every [`PUBLISH_EVERY`].
    pub fn turn(&mut self, now: std::time::Instant) -> Turn {
        let since = self.last.map(|l| now.saturating_duration_since(l));
        match since {
            Some(since) if since < PUBLISH_EVERY => match self.held {
                true => Turn::Asked,
                false => {
                    self.held = true;
                    Turn::After(PUBLISH_EVERY - since)
                }
            },
            _ => Turn::Now,
        }
    }

    /// The wait for a held-back tree is over.
    pub fn due(&mut self) {
        self.held = false;
    }

    /// Publish `tree` (at `now`), and keep what its actions send.
    pub fn publish(&mut self, tree: Tree<T>, now: std::time::Instant) {
        self.last = Some(now);
        self.held = false;
        let (update, targets) = tree.finish();
        self.targets = targets;
        if let Some(b) = &mut self.bridge {
            b.publish(update);
        }
    }

    /// Where the window's parts were drawn, as last measured.
    pub fn bounds(&self) -> &bounds::Bounds {
        &self.bounds
    }

    /// The parts' bounds, measured again; whether they changed (then a tree is due).
    pub fn set_bounds(&mut self, bounds: bounds::Bounds) -> bool {
        let changed = bounds != self.bounds;
        self.bounds = bounds;
        changed
    }

    /// What an action on a node of the last tree sends, if it sends anything.
    pub fn target(&self, request: &accesskit::ActionRequest) -> Option<T> {
        let act = Act::of(request.action)?;
        self.targets.get(&(request.target_node, act)).cloned()
    }

    /// Whether the window has the desktop's keyboard.
    pub fn window_focused(&mut self, focused: bool) {
        if let Some(b) = &mut self.bridge {
            b.window_focused(focused);
        }
    }
}

#[cfg(test)]
mod tests {
    use std::time::{Duration, Instant};

    use super::*;

    #[test]
    fn trees_go_at_most_one_a_turn() {
        let mut p = Publisher::<u8>::default();
        let t0 = Instant::now();
        let ms = Duration::from_millis;
        assert_eq!(p.turn(t0), Turn::Now, "the first goes at once");
        p.publish(Tree::new("w"), t0);
        assert_eq!(p.turn(t0 + ms(10)), Turn::After(PUBLISH_EVERY - ms(10)));
        assert_eq!(p.turn(t0 + ms(20)), Turn::Asked, "one wake-up at a time");
        p.due();
        assert_eq!(p.turn(t0 + PUBLISH_EVERY), Turn::Now);
    }
}
