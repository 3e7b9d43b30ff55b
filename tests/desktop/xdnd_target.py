#!/usr/bin/python3
"""A real XDND drop target for the window tests: a GTK 3 window with the title given
first that takes text/uri-list drops and appends to the file given second what it saw:

    motion suggested=<action> targets=<type>,<type>   (the first time a drag is over it)
    leave                                               (a drag left, or is dropped)
    drop selected=<action> suggested=<action>
    <each URI of the drop, as the bytes came>
    end

With --refuse third, it takes only a type nobody offers, so it refuses every drag.
"""

import sys

import gi

gi.require_version("Gtk", "3.0")
from gi.repository import Gdk, Gtk  # noqa: E402

title, record = sys.argv[1], sys.argv[2]
refuse = "--refuse" in sys.argv[3:]


def write(text):
    with open(record, "ab") as f:
        f.write(text)


def nick(action):
    names = [
        (Gdk.DragAction.COPY, "copy"),
        (Gdk.DragAction.MOVE, "move"),
        (Gdk.DragAction.LINK, "link"),
        (Gdk.DragAction.ASK, "ask"),
        (Gdk.DragAction.PRIVATE, "private"),
    ]
    said = [n for flag, n in names if action & flag]
    return "+".join(said) or "none"


win = Gtk.Window(title=title)
win.set_default_size(400, 300)
win.add(Gtk.Label(label="refuses drops" if refuse else "drop files here"))
accepted = "application/x-nothing-offers-this" if refuse else "text/uri-list"
win.drag_dest_set(
    Gtk.DestDefaults.ALL,
    [Gtk.TargetEntry.new(accepted, 0, 0)],
    Gdk.DragAction.COPY | Gdk.DragAction.MOVE | Gdk.DragAction.LINK,
)
# Told of every motion, even over a refusing window (which GTK otherwise keeps quiet).
win.drag_dest_set_track_motion(True)
over = {"now": False}


def motion(widget, context, x, y, time):
    if not over["now"]:
        over["now"] = True
        targets = ",".join(t.name() for t in context.list_targets())
        write(f"motion suggested={nick(context.get_suggested_action())} targets={targets}\n".encode())
    return False


def leave(widget, context, time):
    # GTK tells a leave before a drop too.
    over["now"] = False
    write(b"leave\n")


def received(widget, context, x, y, data, info, time):
    lines = [
        f"drop selected={nick(context.get_selected_action())} "
        f"suggested={nick(context.get_suggested_action())}".encode()
    ]
    lines += [line for line in data.get_data().split(b"\r\n") if line]
    lines.append(b"end")
    write(b"\n".join(lines) + b"\n")


win.connect("drag-motion", motion)
win.connect("drag-leave", leave)
win.connect("drag-data-received", received)
win.connect("destroy", Gtk.main_quit)
win.show_all()
Gtk.main()
