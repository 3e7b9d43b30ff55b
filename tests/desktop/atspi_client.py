"""A client of the AT-SPI bus as a screen reader is one (pyatspi, as Orca uses it).

Run by the system's Python with the test's session bus and display in the environment:

    atspi_client.py APP tree          every node of APP: depth, role, name, states
    atspi_client.py APP focused       the node of APP with the focused state
    atspi_client.py APP do ROLE NAME  the first action of the node of that role and name
    atspi_client.py APP value ROLE NAME   its current value (the Value interface)
    atspi_client.py APP focus ROLE NAME   ask for the keyboard there (Component.grabFocus)

Exit status 3: APP is not on the bus (yet); 4: no such node.
"""

import sys

import pyatspi


def app_named(name):
    desktop = pyatspi.Registry.getDesktop(0)
    for i in range(desktop.childCount):
        app = desktop.getChildAtIndex(i)
        if app is not None and app.name == name:
            return app
    return None


def walk(node, depth=0):
    yield depth, node
    if depth > 30:
        return
    for i in range(node.childCount):
        child = node.getChildAtIndex(i)
        if child is not None:
            yield from walk(child, depth + 1)


def states(node):
    s = node.getState()
    words = []
    for state, word in [
        (pyatspi.STATE_FOCUSED, "focused"),
        (pyatspi.STATE_SELECTED, "selected"),
        (pyatspi.STATE_CHECKED, "checked"),
        (pyatspi.STATE_ENABLED, "enabled"),
        (pyatspi.STATE_MODAL, "modal"),
    ]:
        if s.contains(state):
            words.append(word)
    return ",".join(words)


def find(app, role, name):
    for _, node in walk(app):
        if node.getRoleName() == role and node.name == name:
            return node
    return None


def main():
    app = app_named(sys.argv[1])
    if app is None:
        return 3
    command = sys.argv[2]
    if command == "tree":
        for depth, node in walk(app):
            print(f"{depth}\t{node.getRoleName()}\t{node.name}\t{states(node)}")
        return 0
    if command == "focused":
        for _, node in walk(app):
            if node.getState().contains(pyatspi.STATE_FOCUSED):
                print(f"{node.getRoleName()}\t{node.name}")
        return 0
    node = find(app, sys.argv[3], sys.argv[4])
    if node is None:
        return 4
    if command == "do":
        node.queryAction().doAction(0)
        return 0
    if command == "focus":
        return 0 if node.queryComponent().grabFocus() else 5
    if command == "value":
        print(node.queryValue().currentValue)
        return 0
    return 2


sys.exit(main())
