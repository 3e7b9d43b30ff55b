//! Answering a target that reads the dragged files: `XdndSelection` converted to
//! `text/uri-list`, plain text, `TARGETS`, and `DELETE` (after a move the target asks the
//! source to delete; for files the target moved them itself, so nothing is deleted here).

use x11rb::connection::{Connection, RequestConnection};
use x11rb::protocol::xproto::{
    Atom, AtomEnum, ConnectionExt, EventMask, PropMode, SelectionNotifyEvent, SelectionRequestEvent,
};
use x11rb::wrapper::ConnectionExt as _;

use super::display::Display;
use super::payload::Payload;
use crate::x11::X11Error;

impl Display {
    /// Answer one request for the selection with `payload` (or refuse it).
    pub fn answer(
        &self,
        request: &SelectionRequestEvent,
        payload: &mut Payload,
    ) -> Result<(), X11Error> {
        let a = &self.atoms;
        // Clients of the obsolete convention name no property: the target's name is it.
        let property = match request.property {
            x11rb::NONE => request.target,
            p => p,
        };
        let written = request.selection == a.selection
            && self.write(request.requestor, property, request.target, payload)?;
        let event = SelectionNotifyEvent {
            response_type: x11rb::protocol::xproto::SELECTION_NOTIFY_EVENT,
            sequence: 0,
            time: request.time,
            requestor: request.requestor,
            selection: request.selection,
            target: request.target,
            property: if written { property } else { x11rb::NONE },
        };
        self.conn
            .send_event(false, request.requestor, EventMask::NO_EVENT, event)?;
        self.conn.flush()?;
        Ok(())
    }

    /// Write `target`'s bytes to `property` of `requestor`; false for a format not
    /// offered, or data too large for one request (no INCR transfer).
    fn write(
        &self,
        requestor: u32,
        property: Atom,
        target: Atom,
        payload: &mut Payload,
    ) -> Result<bool, X11Error> {
        let a = &self.atoms;
        let files_asked = [a.uri_list, a.text, a.text_plain, a.utf8_string].contains(&target);
        if files_asked {
            payload.make_ready();
        }
        let bytes = if target == a.targets {
            self.conn.change_property32(
                PropMode::REPLACE,
                requestor,
                property,
                AtomEnum::ATOM,
                &[
                    a.targets,
                    a.uri_list,
                    a.text,
                    a.text_plain,
                    a.utf8_string,
                    a.delete,
                ],
            )?;
            return Ok(true);
        } else if target == a.delete {
            self.conn
                .change_property8(PropMode::REPLACE, requestor, property, a.null, &[])?;
            return Ok(true);
        } else if target == a.uri_list {
            &payload.uri_list
        } else if target == a.text || target == a.text_plain || target == a.utf8_string {
            &payload.text
        } else {
            return Ok(false);
        };
        if bytes.is_empty() {
            // Entries of an archive that could not be extracted: nothing to give.
            return Ok(false);
        }
        // What one request can carry, less its header.
        if bytes.len() + 64 > self.conn.maximum_request_bytes() {
            tracing::warn!(
                bytes = bytes.len(),
                "the dragged files' list is too long for the display"
            );
            return Ok(false);
        }
        self.conn
            .change_property8(PropMode::REPLACE, requestor, property, target, bytes)?;
        Ok(true)
    }
}
