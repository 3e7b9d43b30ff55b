//! The accessibility tree of one moment, built part by part: nodes under their parents
//! with ids that stay the same from one build to the next (a node's id comes from its
//! parent's and its own key), what an assistive technology's actions on each node ask of
//! the window, and the node with the keyboard. Each part adds its nodes through a
//! [`Part`] that speaks its own messages.

use std::collections::HashMap;
use std::hash::{DefaultHasher, Hash, Hasher};

use accesskit::{Action, Node, NodeId, Role, TreeId, TreeInfo, TreeUpdate};

/// The root's id: the window.
pub const ROOT: NodeId = NodeId(1);

/// An action a node answers.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Act {
    /// The default action: open a row, press a button, toggle a checkbox.
    Click,
    /// Put the keyboard there.
    Focus,
    /// Open a folder in place, and close it.
    Expand,
    Collapse,
}

impl Act {
    /// The act an AccessKit action asks for, if the tree knows it.
    pub fn of(action: Action) -> Option<Act> {
        match action {
            Action::Click => Some(Act::Click),
            Action::Focus => Some(Act::Focus),
            Action::Expand => Some(Act::Expand),
            Action::Collapse => Some(Act::Collapse),
            _ => None,
        }
    }

    fn action(self) -> Action {
        match self {
            Act::Click => Action::Click,
            Act::Focus => Action::Focus,
            Act::Expand => Action::Expand,
            Act::Collapse => Action::Collapse,
        }
    }
}

/// A tree being built, and the messages (`T`) its nodes' actions send.
#[derive(Debug)]
pub struct Tree<T> {
    nodes: Vec<(NodeId, Node)>,
    /// Where each node is in `nodes`.
    at: HashMap<NodeId, usize>,
    targets: HashMap<(NodeId, Act), T>,
    focus: Option<NodeId>,
}

/// What a built tree's actions send.
pub type Targets<T> = HashMap<(NodeId, Act), T>;

impl<T> Tree<T> {
    /// A tree holding only the window, named `title`.
    pub fn new(title: &str) -> Tree<T> {
        let mut root = Node::new(Role::Window);
        root.set_label(title);
        Tree {
            nodes: vec![(ROOT, root)],
            at: HashMap::from([(ROOT, 0)]),
            targets: HashMap::new(),
            focus: None,
        }
    }

    /// The part of the tree under `parent`.
    pub fn part(&mut self, parent: NodeId) -> Part<'_, T> {
        Part { sink: self, parent }
    }

    /// The whole tree as an update, with the keyboard on the node given last (the window
    /// when none was), and what its nodes' actions send.
    pub fn finish(self) -> (TreeUpdate, Targets<T>) {
        let update = TreeUpdate {
            nodes: self.nodes,
            tree: Some(TreeInfo {
                root: ROOT,
                toolkit_name: Some("iced".into()),
                toolkit_version: Some("0.14".into()),
            }),
            tree_id: TreeId::ROOT,
            focus: self.focus.unwrap_or(ROOT),
        };
        (update, self.targets)
    }
}

/// Where nodes go and what their actions send, in some part's messages `M`.
pub trait Sink<M> {
    /// Add `node` under `parent`, keyed by `key` among its siblings.
    fn add(&mut self, parent: NodeId, key: u64, node: Node) -> NodeId;
    /// `act` on `id` sends `m`.
    fn target(&mut self, id: NodeId, act: Act, m: M);
    /// `id` has the keyboard (the last to say so wins).
    fn focus(&mut self, id: NodeId);
    /// The node `id`, to change what was set on it.
    fn node_mut(&mut self, id: NodeId) -> Option<&mut Node>;
}

impl<T> Sink<T> for Tree<T> {
    fn add(&mut self, parent: NodeId, key: u64, node: Node) -> NodeId {
        let mut id = child_id(parent, key);
        // Two children with the same key (two places of the same name) get ids of their
        // own: the later one counts on.
        let mut n = 0u64;
        while self.at.contains_key(&id) {
            n += 1;
            id = child_id(parent, key.wrapping_add(n.rotate_left(32)));
        }
        self.at.insert(id, self.nodes.len());
        self.nodes.push((id, node));
        if let Some(&p) = self.at.get(&parent) {
            self.nodes[p].1.push_child(id);
        }
        id
    }

    fn target(&mut self, id: NodeId, act: Act, m: T) {
        if let Some(node) = self.node_mut(id) {
            node.add_action(act.action());
        }
        self.targets.insert((id, act), m);
    }

    fn focus(&mut self, id: NodeId) {
        self.focus = Some(id);
    }

    fn node_mut(&mut self, id: NodeId) -> Option<&mut Node> {
        let at = *self.at.get(&id)?;
        Some(&mut self.nodes[at].1)
    }
}

/// A sink that makes `N` messages `M` ones before they go on.
struct Mapping<'a, N, M> {
    inner: &'a mut dyn Sink<M>,
    f: &'a dyn Fn(N) -> M,
}

impl<N, M> Sink<N> for Mapping<'_, N, M> {
    fn add(&mut self, parent: NodeId, key: u64, node: Node) -> NodeId {
        self.inner.add(parent, key, node)
    }

    fn target(&mut self, id: NodeId, act: Act, m: N) {
        self.inner.target(id, act, (self.f)(m));
    }

    fn focus(&mut self, id: NodeId) {
        self.inner.focus(id);
    }

    fn node_mut(&mut self, id: NodeId) -> Option<&mut Node> {
        self.inner.node_mut(id)
    }
}

/// The id of the child of `parent` with `key`.
fn child_id(parent: NodeId, key: u64) -> NodeId {
    let mut h = DefaultHasher::new();
    (parent.0, key).hash(&mut h);
    // The top bit set: never the root's id, nor 0.
    NodeId(h.finish() | 1 << 63)
}

/// A key's hash: what a child's id is made from.
fn key_of(key: impl Hash) -> u64 {
    let mut h = DefaultHasher::new();
    key.hash(&mut h);
    h.finish()
}

/// Where a part of the window adds its nodes: under one parent, with actions that send
/// the part's own messages `M`.
pub struct Part<'t, M> {
    sink: &'t mut dyn Sink<M>,
    parent: NodeId,
}

impl<M> Part<'_, M> {
    /// Add `node` under this part's parent, keyed by `key` among its siblings.
    pub fn add(&mut self, key: impl Hash, node: Node) -> NodeId {
        self.sink.add(self.parent, key_of(key), node)
    }

    /// Add `node` and go on under it.
    pub fn child(&mut self, key: impl Hash, node: Node) -> Part<'_, M> {
        let parent = self.add(key, node);
        Part {
            sink: &mut *self.sink,
            parent,
        }
    }

    /// Go on under `id`, a node added before.
    pub fn under(&mut self, id: NodeId) -> Part<'_, M> {
        Part {
            sink: &mut *self.sink,
            parent: id,
        }
    }

    /// Build under the same parent in another part's messages, which `f` makes this
    /// part's.
    pub fn map<N, R>(
        &mut self,
        f: &dyn Fn(N) -> M,
        build: impl FnOnce(&mut Part<'_, N>) -> R,
    ) -> R {
        let mut mapping = Mapping {
            inner: &mut *self.sink,
            f,
        };
        let mut part = Part {
            sink: &mut mapping,
            parent: self.parent,
        };
        build(&mut part)
    }

    /// The node this part adds under.
    pub fn parent(&self) -> NodeId {
        self.parent
    }

    /// A press of `id` (its default action) sends `m`.
    pub fn on_click(&mut self, id: NodeId, m: M) {
        self.sink.target(id, Act::Click, m);
    }

    /// A request to put the keyboard on `id` sends `m`.
    pub fn on_focus(&mut self, id: NodeId, m: M) {
        self.sink.target(id, Act::Focus, m);
    }

    /// `act` on `id` sends `m`.
    pub fn on(&mut self, id: NodeId, act: Act, m: M) {
        self.sink.target(id, act, m);
    }

    /// `id` has the keyboard (the last part to say so wins).
    pub fn focus(&mut self, id: NodeId) {
        self.sink.focus(id);
    }

    /// The node `id`, to change what was set on it.
    pub fn node_mut(&mut self, id: NodeId) -> Option<&mut Node> {
        self.sink.node_mut(id)
    }
}

/// A node of `role` named `label`.
pub fn labelled(role: Role, label: impl Into<String>) -> Node {
    let mut node = Node::new(role);
    node.set_label(label);
    node
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_stay_the_same_and_never_meet() {
        let build = || {
            let mut tree = Tree::<u8>::new("w");
            let mut part = tree.part(ROOT);
            let a = part.add("a", Node::new(Role::Button));
            let twin = part.add("a", Node::new(Role::Button));
            (tree.finish().0, a, twin)
        };
        let (one, a1, twin1) = build();
        let (two, a2, _) = build();
        assert_eq!(a1, a2, "the same key under the same parent keeps its id");
        assert_ne!(a1, twin1, "a second child of the same key has its own id");
        assert_eq!(one.nodes.len(), 3);
        assert_eq!(one.nodes[0].1.children(), &[a1, twin1]);
        assert_eq!(
            two.focus, ROOT,
            "no part took the keyboard: the window has it"
        );
    }

    #[test]
    fn actions_send_the_parts_messages() {
        let mut tree = Tree::<String>::new("w");
        let mut part = tree.part(ROOT);
        let wrap = |b: bool| format!("pressed {b}");
        let (id, inner) = part.map(&wrap, |p| {
            let group = p.add("g", Node::new(Role::Group));
            let mut inside = p.child("c", Node::new(Role::Group));
            let id = inside.add("b", Node::new(Role::Button));
            inside.on_click(id, true);
            inside.focus(id);
            (id, group)
        });
        let (update, targets) = tree.finish();
        assert_eq!(update.focus, id);
        assert_eq!(
            targets.get(&(id, Act::Click)).map(String::as_str),
            Some("pressed true")
        );
        let node = |want| &update.nodes.iter().find(|(n, _)| *n == want).unwrap().1;
        assert!(node(id).supports_action(Action::Click));
        assert!(node(inner).children().is_empty());
        assert_eq!(node(ROOT).children().len(), 2);
    }
}
