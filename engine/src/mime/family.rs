//! A type's family in the database: the type an alias stands for, and the types it is a
//! kind of (`subclasses`: `application/x-shellscript` is a kind of `text/plain`), nearest
//! first, as applications are looked up for it.

use std::collections::HashMap;
use std::path::Path;

use super::{MimeDb, TEXT};

/// Each type's direct parents, as the `subclasses` files of the database's folders list
/// them (the user's folder first).
pub(super) type Parents = HashMap<String, Vec<String>>;

/// Each alias and the type it stands for, as the `aliases` files list them; the user's
/// folder comes first and its word stands.
pub(super) type Aliases = HashMap<String, String>;

/// Read the `subclasses` file of each `mime` folder (`child parent` per line); a folder
/// without one adds nothing.
pub(super) fn read_parents(dirs: &[impl AsRef<Path>]) -> Parents {
    let mut parents = Parents::new();
    for (child, parent) in read_pairs(dirs, "subclasses") {
        let list = parents.entry(child).or_default();
        if !list.contains(&parent) {
            list.push(parent);
        }
    }
    parents
}

/// Read the `aliases` file of each `mime` folder (`alias type` per line). Looking an alias
/// up is then one hash lookup: `xdg-mime` searches its list, which showed in the window's
/// profile while it asked, for each row in view, whether a thumbnail can be made.
pub(super) fn read_aliases(dirs: &[impl AsRef<Path>]) -> Aliases {
    let mut aliases = Aliases::new();
    for (alias, mime) in read_pairs(dirs, "aliases") {
        aliases.entry(alias).or_insert(mime);
    }
    aliases
}

/// The two-word lines of the file `name` in each of `dirs`, in order.
fn read_pairs(dirs: &[impl AsRef<Path>], name: &str) -> Vec<(String, String)> {
    let mut pairs = Vec::new();
    for dir in dirs {
        let Ok(text) = std::fs::read_to_string(dir.as_ref().join(name)) else {
            continue;
        };
        for line in text.lines() {
            let mut words = line.split_whitespace();
            if let (Some(a), Some(b)) = (words.next(), words.next()) {
                pairs.push((a.to_ascii_lowercase(), b.to_ascii_lowercase()));
            }
        }
    }
    pairs
}

impl MimeDb {
    /// The type an alias stands for (`text/x-sh` → `application/x-shellscript`); any
    /// other type is itself.
    pub fn unalias(&self, mime: &str) -> String {
        let found = match self.aliases.get(mime) {
            Some(m) => Some(m),
            None if mime.bytes().any(|b| b.is_ascii_uppercase()) => {
                self.aliases.get(&mime.to_ascii_lowercase())
            }
            None => None,
        };
        found.cloned().unwrap_or_else(|| mime.to_owned())
    }

    /// The types `mime` is directly a kind of, as the database lists them (unaliased).
    pub fn parents(&self, mime: &str) -> Vec<String> {
        self.parents
            .get(&self.unalias(mime))
            .map(|ps| ps.iter().map(|p| self.unalias(p)).collect())
            .unwrap_or_default()
    }

    /// `mime` (unaliased) and every type it is a kind of, nearest first (breadth first,
    /// each once); a `text/*` type ends with `text/plain`, which every text is a kind of.
    /// Applications are looked up for each in turn (`application/x-shellscript`,
    /// `application/x-executable`, `text/plain`).
    pub fn ancestry(&self, mime: &str) -> Vec<String> {
        let mut family = vec![self.unalias(mime)];
        let mut i = 0;
        while i < family.len() {
            for parent in self.parents(&family[i]) {
                if !family.contains(&parent) {
                    family.push(parent);
                }
            }
            i += 1;
        }
        if family[0].starts_with("text/") && !family.iter().any(|t| t == TEXT) {
            family.push(TEXT.to_owned());
        }
        family
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A temporary folder holding the file `name` with `text`.
    fn folder_with(name: &str, text: &str) -> tempfile::TempDir {
        let dir = tempfile::tempdir().expect("tempdir");
        std::fs::write(dir.path().join(name), text).expect("write");
        dir
    }

    #[test]
    fn parents_are_read_from_every_folder_once() {
        let a = folder_with("subclasses", "text/x-a text/plain\ntext/x-b text/x-a\n");
        let b = folder_with(
            "subclasses",
            "text/x-a text/plain\ntext/x-a application/x-y\n",
        );
        let none = tempfile::tempdir().expect("tempdir");
        let parents = read_parents(&[a.path(), b.path(), none.path()]);
        assert_eq!(parents["text/x-a"], ["text/plain", "application/x-y"]);
        assert_eq!(parents["text/x-b"], ["text/x-a"]);
    }

    #[test]
    fn the_first_folder_that_names_an_alias_gives_its_type() {
        let user = folder_with("aliases", "text/x-old text/x-mine\n");
        let system = folder_with(
            "aliases",
            "text/x-old text/x-theirs\nText/X-Sh application/x-shellscript\n",
        );
        let aliases = read_aliases(&[user.path(), system.path()]);
        assert_eq!(aliases["text/x-old"], "text/x-mine");
        assert_eq!(aliases["text/x-sh"], "application/x-shellscript");
    }
}
