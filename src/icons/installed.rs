//! The icon themes installed for the Preferences dialog: each folder of the XDG data dirs'
//! `icons/` with an `index.theme` that has icons (`Directories`; cursor themes have none)
//! and is not hidden, by its folder name with the display `Name`. Blocking: call
//! [`installed`] off the UI thread.

use super::desktop::Dirs;
use porpoise_engine::appearance::ini_value;

/// An installed icon theme: its folder name (what the setting holds) and its `Name`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct IconTheme {
    pub id: String,
    pub name: String,
}

/// Every installed icon theme (the first of each folder name), sorted by name. Blocking.
pub fn installed(dirs: &Dirs) -> Vec<IconTheme> {
    let mut found: Vec<IconTheme> = Vec::new();
    for base in &dirs.icons {
        let Ok(entries) = std::fs::read_dir(base) else {
            continue;
        };
        for entry in entries.flatten() {
            let Ok(id) = entry.file_name().into_string() else {
                continue;
            };
            if found.iter().any(|t| t.id == id) {
                continue;
            }
            let Ok(text) = std::fs::read_to_string(entry.path().join("index.theme")) else {
                continue;
            };
            if let Some(theme) = parse(&id, &text) {
                found.push(theme);
            }
        }
    }
    found.sort_by_key(|t| t.name.to_lowercase());
    found
}

/// The theme an `index.theme` describes, unless it is hidden or holds no icons.
pub fn parse(id: &str, text: &str) -> Option<IconTheme> {
    const GROUP: &str = "Icon Theme";
    let hidden = ini_value(text, GROUP, "Hidden").is_some_and(|v| v == "true");
    if hidden || ini_value(text, GROUP, "Directories").is_none() {
        return None;
    }
    let name = ini_value(text, GROUP, "Name").unwrap_or_else(|| id.to_owned());
    Some(IconTheme {
        id: id.to_owned(),
        name,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn themes_with_icons_are_listed_by_name() {
        let dir = tempfile::tempdir().expect("tempdir");
        let write = |id: &str, text: &str| {
            let d = dir.path().join(id);
            std::fs::create_dir_all(&d).expect("mkdir");
            std::fs::write(d.join("index.theme"), text).expect("write");
        };
        write(
            "zeta",
            "[Icon Theme]\nName=Alpha Icons\nDirectories=16x16/apps\n",
        );
        write("cursors", "[Icon Theme]\nName=Pointers\n");
        write(
            "gone",
            "[Icon Theme]\nName=Gone\nHidden=true\nDirectories=a\n",
        );
        write("plain", "[Icon Theme]\nDirectories=scalable\n");
        let dirs = Dirs {
            config: Vec::new(),
            icons: vec![dir.path().to_owned()],
        };
        let names: Vec<(String, String)> = installed(&dirs)
            .into_iter()
            .map(|t| (t.id, t.name))
            .collect();
        assert_eq!(
            names,
            [
                ("zeta".to_owned(), "Alpha Icons".to_owned()),
                ("plain".to_owned(), "plain".to_owned())
            ]
        );
    }
}
