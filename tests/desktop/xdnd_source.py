#!/usr/bin/python3
"""A real XDND drag source for the window tests: a GTK 3 window with the title given
first; a drag that starts anywhere in it offers text/uri-list (the URIs given third and
after, one per line, their bytes as given) and appends to the file given second:

    get                 (a drop target read the list)
    end                 (the drag ended)
"""

import os
import sys

import gi

gi.require_version("Gtk", "3.0")
from gi.repository import Gdk, Gtk  # noqa: E402

title, record = sys.argv[1], sys.argv[2]
uris = [os.fsencode(u) for u in sys.argv[3:]]


def write(text):
    with open(record, "ab") as f:
        f.write(text)


win = Gtk.Window(title=title)
win.set_default_size(300, 200)
area = Gtk.EventBox()
area.add(Gtk.Label(label="drag from here"))
win.add(area)
area.drag_source_set(
    Gdk.ModifierType.BUTTON1_MASK,
    [Gtk.TargetEntry.new("text/uri-list", 0, 0)],
    Gdk.DragAction.COPY | Gdk.DragAction.MOVE,
)


def get(widget, context, data, info, time):
    data.set(Gdk.Atom.intern("text/uri-list", False), 8, b"".join(u + b"\r\n" for u in uris))
    write(b"get\n")


def end(widget, context):
    write(b"end\n")


area.connect("drag-data-get", get)
area.connect("drag-end", end)
win.connect("destroy", Gtk.main_quit)
win.show_all()
Gtk.main()
