//! The dialogs that ask for something to be typed, as a screen reader reads them: unlock
//! a volume, extract archives, compress items, rename many. Each field is named by what
//! goes in it and has the keyboard where the dialog puts it first; a password shows as
//! many bullets as were typed; the default button has Return as its key.

use accesskit::{Live, Node, NodeId, Role};

use crate::accessible::{self, Part};
use crate::dialog::batch_rename::{self, BatchRename};
use crate::dialog::compress::{self, Compress, Effort, FORMATS};
use crate::dialog::extract_to::{self, ExtractTo};
use crate::dialog::unlock::{self, Passphrase, Unlock};
use crate::i18n::fl;

/// Unlock a volume: what it asks, the passphrase, why the last try failed, Cancel and
/// Unlock.
pub fn unlock(d: &mut Part<'_, unlock::Message>, u: &Unlock) {
    accessible::label(
        d,
        "explain",
        &fl!("device-unlock-explain", name = u.name.clone()),
    );
    let field = password(
        d,
        "passphrase",
        &fl!("device-unlock-passphrase"),
        &u.passphrase,
    );
    d.focus(field);
    let said = match (&u.error, u.busy) {
        (_, true) => Some(fl!("device-unlocking", name = u.name.clone())),
        (Some(why), false) => Some(why.clone()),
        (None, false) => None,
    };
    if let Some(words) = said {
        let mut node = accessible::said(words);
        node.set_live(Live::Assertive);
        d.add("said", node);
    }
    cancel(d, &fl!("device-unlock-cancel"), unlock::Message::Close);
    default(
        d,
        &fl!("device-unlock-button"),
        u.ready().then_some(unlock::Message::Unlock),
    );
}

/// Extract archives: what it does, the folder, Cancel and Extract.
pub fn extract(d: &mut Part<'_, extract_to::Message>, e: &ExtractTo) {
    accessible::label(d, "explain", &fl!("extract-to-explain"));
    let field = accessible::text_field(d, "folder", &fl!("extract-to-folder"), &e.folder);
    d.focus(field);
    cancel(d, &fl!("extract-to-cancel"), extract_to::Message::Close);
    default(
        d,
        &fl!("extract-to-button"),
        e.ready().then_some(extract_to::Message::Extract),
    );
}

/// Compress items: the archive's name, its format and effort as radio buttons, its
/// password where the format takes one, Cancel and Create.
pub fn compress(d: &mut Part<'_, compress::Message>, c: &Compress) {
    use compress::Message as M;
    let name = accessible::text_field(d, "name", &fl!("compress-name"), &c.name);
    d.focus(name);
    let formats: Vec<(String, _)> = FORMATS
        .iter()
        .map(|&f| (f.extension()[1..].to_owned(), f))
        .collect();
    let chosen = FORMATS.iter().position(|&f| f == c.format);
    super::radios(
        d,
        "format",
        &fl!("compress-format"),
        &formats,
        chosen,
        M::Format,
    );
    let efforts: Vec<(String, Effort)> = Effort::ALL.iter().map(|&e| (e.label(), e)).collect();
    let chosen = Effort::ALL.iter().position(|&e| e == c.effort);
    super::radios(
        d,
        "effort",
        &fl!("compress-effort"),
        &efforts,
        chosen,
        M::Effort,
    );
    if c.format.takes_password() {
        password(d, "password", &fl!("compress-password"), &c.password);
    }
    cancel(d, &fl!("compress-cancel"), M::Close);
    default(d, &fl!("compress-create"), c.file_name().map(|_| M::Create));
}

/// Rename many: the rules' fields and switches, how many names change (or what stands
/// in the way), Cancel and Rename.
pub fn batch(d: &mut Part<'_, batch_rename::Message>, v: &BatchRename) {
    use batch_rename::Message as M;
    let r = &v.rules;
    let find = accessible::text_field(d, "find", &fl!("batch-find"), &r.find);
    d.focus(find);
    accessible::text_field(d, "replace", &fl!("batch-replace"), &r.replace);
    accessible::checkbox(d, "regex", &fl!("batch-regex"), r.regex, M::Regex(!r.regex));
    accessible::checkbox(
        d,
        "case-sensitive",
        &fl!("batch-case-sensitive"),
        r.case_sensitive,
        M::CaseSensitive(!r.case_sensitive),
    );
    accessible::text_field(d, "before", &fl!("batch-before"), &r.before);
    accessible::text_field(d, "after", &fl!("batch-after"), &r.after);
    accessible::text_field(d, "numbering", &fl!("batch-numbering"), &r.numbering);
    accessible::text_field(d, "start", &fl!("batch-start"), &v.start);
    accessible::text_field(d, "step", &fl!("batch-step"), &v.step);
    accessible::checkbox(
        d,
        "keep-extension",
        &fl!("batch-keep-extension"),
        r.keep_extension,
        M::KeepExtension(!r.keep_extension),
    );
    if let Ok(plan) = &v.plan {
        let words = match plan.problems() {
            0 => fl!("batch-changes", count = plan.changes()),
            n => fl!("batch-problems", count = n),
        };
        let mut node = accessible::said(words);
        node.set_live(Live::Polite);
        d.add("summary", node);
    }
    cancel(d, &fl!("batch-cancel"), M::Close);
    default(d, &fl!("batch-rename"), v.ready().then_some(M::Rename));
}

/// A password field showing a bullet for each character typed.
pub(super) fn password<M>(
    d: &mut Part<'_, M>,
    key: &str,
    label: &str,
    typed: &Passphrase,
) -> NodeId {
    let mut field = Node::new(Role::PasswordInput);
    field.set_label(label);
    field.set_value("•".repeat(typed.expose().chars().count()));
    d.add(key, field)
}

/// The button that leaves the dialog (Escape).
pub(super) fn cancel<M>(d: &mut Part<'_, M>, label: &str, close: M) {
    let id = accessible::button(d, "cancel", label, Some(close));
    if let Some(node) = d.node_mut(id) {
        node.set_keyboard_shortcut("Escape");
    }
}

/// The dialog's default button (Return); `None`: it cannot be pressed yet.
pub(super) fn default<M>(d: &mut Part<'_, M>, label: &str, press: Option<M>) {
    let id = accessible::button(d, "default", label, press);
    if let Some(node) = d.node_mut(id) {
        node.set_keyboard_shortcut("Return");
    }
}
