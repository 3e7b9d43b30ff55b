//! The properties dialog over the window: name, type, size, location, a link's target,
//! the times, owner and group, the permissions (checkboxes and octal, editable by the
//! owner for a single item) and the filesystem with its free space; for several items,
//! their count and total size.

use std::os::unix::ffi::OsStrExt;

use iced::widget::{button, checkbox, column, container, row, text, text_input};
use iced::{Center, Element, Fill};

use super::{Message, Properties};
use crate::format;
use crate::i18n::fl;
use crate::types::Types;
use crate::widgets::dialog::{self, boxed, button_row, leave_button};
use porpoise_engine::Kind;
use porpoise_engine::props::Properties as Item;

/// The id of the octal field (tests type into it).
pub const OCTAL_INPUT: &str = "porpoise-props-octal";

impl Properties {
    /// The dialog as a layer over the window (`types` describe a file's type).
    pub fn view<'a>(&'a self, types: &Types) -> Element<'a, Message> {
        let body = match self.items.as_deref() {
            None => column![text(fl!("props-reading"))],
            Some([Ok(p)]) => single(self, p, types),
            Some(items) => several(self, items),
        };
        let close = leave_button(fl!("props-close"), Message::Close);
        let body = column![body.spacing(6), button_row([close.into()])].spacing(16);
        boxed(body, 560.0)
    }
}

/// A label and its value on one line.
fn line<'a>(label: String, value: String) -> Element<'a, Message> {
    row![
        text(label).width(130).style(text::secondary),
        text(value).width(Fill)
    ]
    .spacing(12)
    .into()
}

fn single<'a>(v: &'a Properties, p: &'a Item, types: &Types) -> iced::widget::Column<'a, Message> {
    let (title, facts) = facts(v, p, types);
    let mut col = column![dialog::title(title)];
    for fact in facts {
        col = match fact {
            Fact::Line(label, value) => col.push(line(label, value)),
            Fact::Counted => counted(col, v),
            Fact::Permissions => col.push(permissions(v, p)),
        };
    }
    if let Some(e) = &v.error {
        col = col.push(text(fl!("props-apply-failed", error = e.clone())).style(text::danger));
    }
    col
}

/// A line of a single item's properties.
pub(crate) enum Fact {
    /// A label and its value.
    Line(String, String),
    /// A folder's size and contents, as counted so far.
    Counted,
    /// The permissions, with their controls.
    Permissions,
}

/// A single item's title and its lines in order.
pub(crate) fn facts(v: &Properties, p: &Item, types: &Types) -> (String, Vec<Fact>) {
    let name = p
        .path
        .file_name()
        .map(|n| format::shown_name(n.as_bytes()))
        .unwrap_or_else(|| p.path.display().to_string());
    let title = fl!("props-title", name = name.clone());
    let mut out = vec![
        Fact::Line(fl!("props-name"), name),
        Fact::Line(fl!("props-type"), type_words(v, p, types)),
    ];
    if p.kind == Kind::Dir {
        out.push(Fact::Counted);
    } else {
        out.push(Fact::Line(
            fl!("props-size"),
            fl!(
                "props-size-value",
                size = format::size(p.size),
                disk = format::size(p.on_disk)
            ),
        ));
    }
    if let Some(parent) = p.path.parent() {
        out.push(Fact::Line(fl!("props-location"), v.remote.text_of(parent)));
    }
    if let Some(target) = &p.link_target {
        out.push(Fact::Line(
            fl!("props-link-target"),
            String::from_utf8_lossy(target).into_owned(),
        ));
    }
    out.push(Fact::Line(
        fl!("props-modified"),
        format::date(p.modified.0),
    ));
    out.push(Fact::Line(
        fl!("props-accessed"),
        format::date(p.accessed.0),
    ));
    if let Some(created) = p.created {
        out.push(Fact::Line(fl!("props-created"), format::date(created.0)));
    }
    let who = |name: &Option<String>, id: u32| match name {
        Some(n) => format!("{n} ({id})"),
        None => id.to_string(),
    };
    out.push(Fact::Line(fl!("props-owner"), who(&p.owner, p.uid)));
    out.push(Fact::Line(fl!("props-group"), who(&p.group, p.gid)));
    out.push(Fact::Permissions);
    if let (Some(fs), Some(mount)) = (&p.fs_type, &p.mount_point) {
        // A remote place's files: the kind of server and the place's address, not GVfs's
        // FUSE filesystem and folder.
        let (fs, mount) = match v.remote.place_of(&p.path) {
            Some(place) => (place.kind(), v.remote.text_of(&place.root)),
            None => (fs.clone(), mount.display().to_string()),
        };
        out.push(Fact::Line(
            fl!("props-filesystem"),
            fl!("props-filesystem-value", fs = fs, mount = mount),
        ));
    }
    if let Some((free, total)) = p.space {
        out.push(Fact::Line(
            fl!("props-free"),
            fl!(
                "props-free-value",
                free = format::size(free),
                total = format::size(total)
            ),
        ));
    }
    (title, out)
}

/// The Type line: a folder's word, or the description of its type where it was told.
fn type_words(v: &Properties, p: &Item, types: &Types) -> String {
    if p.kind == Kind::Dir {
        return fl!("type-folder");
    }
    v.mime
        .as_ref()
        .and_then(|m| types.description(m))
        .unwrap_or_default()
}

/// The permission checkboxes (owner, group, others × read, write, execute) and the octal
/// field, editable by the item's owner (or root), never on a link nor where permissions
/// are not kept (which it then says).
fn permissions<'a>(v: &'a Properties, p: &Item) -> Element<'a, Message> {
    let mode = v.mode.unwrap_or(p.mode);
    let me = porpoise_engine::host::uid();
    let editable = p.kind != Kind::Symlink && (me == 0 || me == p.uid) && !v.busy && v.keeps_modes;
    let head = row![
        text("").width(130),
        text(fl!("props-read")).width(90),
        text(fl!("props-write")).width(90),
        text(fl!("props-execute")).width(90),
    ]
    .spacing(12);
    let mut grid = column![text(fl!("props-permissions")).style(text::secondary), head].spacing(4);
    for (who, shift) in [
        (fl!("props-owner"), 6),
        (fl!("props-group"), 3),
        (fl!("props-others"), 0),
    ] {
        let mut r = row![text(who).width(130)].spacing(12);
        for bit in [4u32, 2, 1] {
            let bit = bit << shift;
            let mut c = checkbox(mode & bit != 0);
            if editable {
                c = c.on_toggle(move |on| Message::Bit(bit, on));
            }
            r = r.push(container(c).width(90));
        }
        grid = grid.push(r);
    }
    let mut octal = text_input("", &v.octal).id(OCTAL_INPUT).width(80);
    if editable {
        octal = octal.on_input(Message::Octal).on_submit(Message::Apply);
    }
    let apply = button(text(fl!("props-apply")))
        .on_press_maybe((editable && v.changed()).then_some(Message::Apply));
    grid = grid.push(
        row![text(fl!("props-octal")).width(130), octal, apply]
            .spacing(12)
            .align_y(Center),
    );
    if !v.keeps_modes {
        grid = grid.push(text(fl!("props-modes-not-kept")).style(text::secondary));
    }
    if p.kind == Kind::Dir && v.keeps_modes {
        let mut inside = checkbox(v.recursive).label(fl!("props-recursive"));
        if editable {
            inside = inside.on_toggle(Message::Recursive);
        }
        grid = grid.push(inside);
    }
    grid.into()
}

/// What the items take, folders counted recursively: the size, and the files and
/// folders in it, marked while the count goes on. One folder's contents leave the folder
/// itself out ("24 files"); several items count the picked folders among the folders.
fn counted<'a>(
    col: iced::widget::Column<'a, Message>,
    v: &Properties,
) -> iced::widget::Column<'a, Message> {
    let Some(u) = &v.usage else {
        return col.push(line(fl!("props-size"), fl!("props-reading")));
    };
    let t = &if v.single().is_some() {
        u.contents()
    } else {
        u.total
    };
    let going = |value: String| {
        if u.finished {
            value
        } else {
            fl!("props-counting", value = value)
        }
    };
    let size = fl!(
        "props-size-value",
        size = format::size(t.apparent_bytes),
        disk = format::size(t.bytes_on_disk)
    );
    let contents = contents_words(t.files, t.folders);
    let mut col = col
        .push(line(fl!("props-size"), going(size)))
        .push(line(fl!("props-contents"), contents));
    if u.problems > 0 {
        col = col.push(text(fl!("props-not-counted", count = u.problems)).style(text::danger));
    }
    col
}

/// "24 files", "24 files, 2 folders", "2 folders", or empty: a kind only when there is
/// some of it.
pub(crate) fn contents_words(files: u64, folders: u64) -> String {
    let files_words = || fl!("props-files", count = files);
    let folders_words = || fl!("props-folders", count = folders);
    match (files, folders) {
        (0, 0) => fl!("props-contents-empty"),
        (_, 0) => files_words(),
        (0, _) => folders_words(),
        _ => fl!(
            "props-contents-value",
            files = files_words(),
            folders = folders_words()
        ),
    }
}

/// Several items: how many, and what they take together.
fn several<'a>(
    v: &Properties,
    items: &'a [Result<Item, std::sync::Arc<porpoise_engine::error::IoError>>],
) -> iced::widget::Column<'a, Message> {
    let col = column![dialog::title(fl!("props-title-many", count = items.len()))];
    let mut col = counted(col, v);
    for e in items.iter().filter_map(|r| r.as_ref().err()) {
        let name = e.path.display().to_string();
        col = col.push(
            text(fl!(
                "props-cannot-read",
                name = name,
                error = crate::failures::why(e)
            ))
            .style(text::danger),
        );
    }
    col
}

#[cfg(test)]
mod tests {
    use super::{Fact, contents_words, facts};
    use crate::dialog::properties::Properties;
    use crate::servers::{RemotePlace, RemotePlaces};
    use porpoise_engine::remote::Address;

    /// A file of a remote place is located by its folder's address, not by its path in
    /// GVfs's FUSE folder.
    #[test]
    fn a_file_of_a_remote_place_is_located_by_its_address() {
        crate::i18n::select(&["en"]);
        let dir = tempfile::tempdir().expect("tempdir");
        let root = dir.path().join("smb-share:server=nas,share=photos");
        std::fs::create_dir_all(root.join("2026")).expect("a folder");
        let file = root.join("2026/summer.jpg");
        std::fs::write(&file, b"not really a photo").expect("a file");
        let remote = RemotePlaces::new(vec![RemotePlace {
            root,
            address: Address::parse(b"smb://nas/photos").expect("an address"),
        }]);
        let (dialog, _) = Properties::open(vec![file.clone()], None, remote, None);
        let mounts = porpoise_engine::mounts::current().expect("the mount table");
        let item = porpoise_engine::props::read(&file, Some(&mounts)).expect("its properties");
        let (_, lines) = facts(&dialog, &item, &Default::default());
        let location = lines.iter().find_map(|fact| match fact {
            Fact::Line(label, value) if label == "Location" => Some(value.as_str()),
            _ => None,
        });
        assert_eq!(location, Some("smb://nas/photos/2026"));
        let filesystem = lines.iter().find_map(|fact| match fact {
            Fact::Line(label, value) if label == "Filesystem" => Some(value.as_str()),
            _ => None,
        });
        assert_eq!(
            filesystem,
            Some("Windows or Samba share at smb://nas/photos")
        );
    }

    #[test]
    fn contents_name_each_kind_only_when_there_is_some() {
        crate::i18n::select(&["en"]);
        assert_eq!(contents_words(24, 0), "24 files");
        assert_eq!(contents_words(1, 2), "1 file, 2 folders");
        assert_eq!(contents_words(0, 1), "1 folder");
        assert_eq!(contents_words(0, 0), "Empty");
    }
}
