//! The dialogs of connecting to a server, as a screen reader reads them: "Connect to
//! Server…" with its field, the schemes, why an address cannot be opened and the recent
//! servers; the login with its fields and a refusal (said at once); a server's question
//! with its choices, the highlighted one focused.

use accesskit::{Live, Role};

use super::forms::{cancel, default, password};
use crate::accessible::{self, Part, labelled};
use crate::dialog::connect::{self, Connect};
use crate::dialog::login::{self, Login};
use crate::dialog::server_question::{self, ServerQuestion};
use crate::i18n::fl;

pub fn connect(d: &mut Part<'_, connect::Message>, c: &Connect) {
    use connect::Message as M;
    let field = accessible::text_field(d, "address", &fl!("connect-placeholder"), &c.typed);
    d.focus(field);
    accessible::label(d, "schemes", &fl!("connect-schemes"));
    if let Some(why) = &c.error {
        let mut node = accessible::said(why.clone());
        node.set_live(Live::Assertive);
        d.add("error", node);
    }
    if !c.recent.is_empty() {
        let mut list = d.child("recent", labelled(Role::List, fl!("connect-recent")));
        for (i, uri) in c.recent.iter().enumerate() {
            let id = list.add(i, labelled(Role::ListItem, connect::shown(uri)));
            list.on_click(id, M::Recent(i));
        }
    }
    cancel(d, &fl!("connect-cancel"), M::Close);
    let ready = !c.typed.trim().is_empty();
    default(d, &fl!("connect-button"), ready.then_some(M::Connect));
}

pub fn login(d: &mut Part<'_, login::Message>, l: &Login) {
    use login::Message as M;
    let mut said = accessible::said(l.said());
    if l.refused() {
        said.set_live(Live::Assertive);
    }
    d.add("said", said);
    let mut first = None;
    if l.ask.needs_user {
        first = Some(accessible::text_field(
            d,
            "user",
            &fl!("login-user"),
            &l.user,
        ));
    }
    if l.ask.needs_domain {
        accessible::text_field(d, "domain", &fl!("login-domain"), &l.domain);
    }
    if l.ask.needs_password {
        let field = password(d, "password", &fl!("login-password"), &l.password);
        if first.is_none() || !l.user.is_empty() {
            first = Some(field);
        }
    }
    if let Some(id) = first {
        d.focus(id);
    }
    if l.ask.can_remember {
        accessible::checkbox(
            d,
            "remember",
            &fl!("login-remember"),
            l.remember,
            M::Remember(!l.remember),
        );
    }
    cancel(d, &fl!("login-cancel"), M::Cancel);
    if l.ask.anonymous_allowed {
        accessible::button(d, "guest", &fl!("login-guest"), Some(M::Guest));
    }
    default(d, &fl!("login-connect"), l.ready().then_some(M::Login));
}

pub fn question(d: &mut Part<'_, server_question::Message>, q: &ServerQuestion) {
    accessible::label(d, "message", &q.question.message);
    for (i, choice) in q.question.choices.iter().enumerate() {
        let id = accessible::button(
            d,
            ("choice", i),
            choice,
            Some(server_question::Message::Choose(i)),
        );
        if i == q.highlighted {
            d.focus(id);
        }
    }
}
