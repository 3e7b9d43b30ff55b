//! The window told to screen readers: every part of the window adds what it shows to an
//! accessibility tree built from its own state ([`tree`]), which AccessKit's adapter
//! publishes on the desktop's AT-SPI bus ([`bridge`]) while an assistive technology
//! listens; and nothing is built while none does.

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

/// The tree's publisher: the adapter, while the window runs on a desktop, and what the
/// last tree's actions send.
pub struct Publisher<T> {
    bridge: Option<bridge::Bridge>,
    targets: Targets<T>,
}

impl<T> Default for Publisher<T> {
    /// One that publishes nothing (a window without a desktop, as in tests).
    fn default() -> Self {
        Publisher {
            bridge: None,
            targets: Targets::new(),
        }
    }
}

impl<T> std::fmt::Debug for Publisher<T> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Publisher")
            .field("bridge", &self.bridge)
            .field("targets", &self.targets.len())
            .finish()
    }
}

impl<T: Clone> Publisher<T> {
    /// Start the adapter: it publishes once an assistive technology listens.
    pub fn start() -> Publisher<T> {
        Publisher {
            bridge: Some(bridge::Bridge::start()),
            targets: Targets::new(),
        }
    }

    /// Whether an assistive technology listens: only then is a tree wanted.
    pub fn is_listening(&self) -> bool {
        self.bridge.as_ref().is_some_and(bridge::Bridge::is_active)
    }

    /// Publish `tree`, and keep what its actions send.
    pub fn publish(&mut self, tree: Tree<T>) {
        let (update, targets) = tree.finish();
        self.targets = targets;
        if let Some(b) = &mut self.bridge {
            b.publish(update);
        }
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
