//! Reading every desktop entry and association file once: the entry of each desktop
//! file ID is the first found, folder by folder; each association folder keeps its lists
//! (the desktop's own first) and, for an `applications/` folder, the types its entries
//! support; types are kept under the names the MIME database gives them.

use std::collections::HashMap;
use std::path::PathBuf;

use super::mimeapps::{self, List};
use super::{Apps, Env, Level, entry, terminal};
use crate::mime::MimeDb;

impl Apps {
    /// Read every desktop entry and association file `env` names (I/O: off the UI
    /// thread). Unreadable and broken files count as absent. Types are known by the
    /// name `db` gives them: an entry or list naming an alias (`text/x-sh`) speaks of
    /// its type (`application/x-shellscript`).
    pub fn load(env: &Env, db: &MimeDb) -> Apps {
        let mut folders: Vec<(PathBuf, bool)> = Vec::new();
        for dir in env.config_home.iter().chain(&env.config_dirs) {
            folders.push((dir.clone(), false));
        }
        for dir in env.application_dirs() {
            folders.push((dir, true));
        }
        // The entries first: the one of an ID is the first found, usable or not.
        let mut apps = Vec::new();
        let mut by_id = HashMap::new();
        let mut seen = std::collections::HashSet::new();
        for (level, (dir, applications)) in folders.iter().enumerate() {
            if !applications {
                continue;
            }
            for (id, file) in entry::files(dir) {
                if !seen.insert(id.clone()) {
                    continue;
                }
                if let Some(app) = entry::read(&id, &file, level, env) {
                    by_id.insert(id, apps.len());
                    apps.push(app);
                }
            }
        }
        let levels = folders
            .iter()
            .enumerate()
            .map(|(level, (dir, applications))| {
                let mut lists: Vec<List> = env
                    .desktops
                    .iter()
                    .map(|d| {
                        List::read(
                            &dir.join(format!("{}-mimeapps.list", d.to_ascii_lowercase())),
                            true,
                        )
                    })
                    .collect();
                lists.push(List::read(&dir.join("mimeapps.list"), false));
                let declared = if *applications {
                    let winner = |id: &str| by_id.get(id).map(|&i: &usize| apps[i].level);
                    entry::declared(&apps, mimeapps::read_cache(dir), level, winner)
                } else {
                    HashMap::new()
                };
                Level { lists, declared }
            })
            .collect();
        let levels = unaliased(levels, db);
        Apps {
            apps,
            by_id,
            levels,
            terminal: terminal::find(env),
        }
    }
}

/// `levels` with every type under the name the database gives it (an alias's entries
/// joined to its type's).
fn unaliased(levels: Vec<Level>, db: &MimeDb) -> Vec<Level> {
    let mut known: HashMap<String, String> = HashMap::new();
    let mut unalias = |mime: &str| -> String {
        known
            .entry(mime.to_owned())
            .or_insert_with(|| db.unalias(mime))
            .clone()
    };
    levels
        .into_iter()
        .map(|level| Level {
            lists: level
                .lists
                .into_iter()
                .map(|list| List {
                    defaults: mimeapps::unaliased(list.defaults, &mut unalias),
                    added: mimeapps::unaliased(list.added, &mut unalias),
                    removed: mimeapps::unaliased(list.removed, &mut unalias),
                })
                .collect(),
            declared: mimeapps::unaliased(level.declared, &mut unalias),
        })
        .collect()
}
