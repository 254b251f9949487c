"""Independent iCalendar checks for the API tests (issue 49; test/ical-validator.ts runs this script).

Reads a JSON list of {"name", "text"} on stdin and writes, for each, the errors that three parsers and the raw
format checks found, and what python-icalendar read (so the tests assert on values an independent parser decoded):

- the raw text: UTF-8, every line ended by CRLF, no physical line over 75 octets (RFC 5545 section 3.1);
- python-icalendar (Debian python3-icalendar): parses, no property it could not decode;
- vobject (Debian python3-vobject): parses and validates;
- libical (Debian gir1.2-ical-3.0, through GObject introspection): parses without X-LIC-ERROR and passes
  icalrestriction_check, libical's iTIP rules per METHOD (RFC 5546 section 3.2: what REQUEST, CANCEL and PUBLISH
  must and must not carry).

Exit code 3 with {"missing": "..."} when a validator is not installed.
"""

import json
import sys

missing = []
try:
    import icalendar
except ImportError:
    missing.append("python3-icalendar")
try:
    import vobject
except ImportError:
    missing.append("python3-vobject")
try:
    import gi

    gi.require_version("ICalGLib", "3.0")
    from gi.repository import ICalGLib
except (ImportError, ValueError):
    missing.append("gir1.2-ical-3.0 (libical, with python3-gi)")
if missing:
    json.dump({"missing": missing}, sys.stdout)
    sys.exit(3)


def raw_errors(text):
    errors = []
    data = text.encode("utf-8")
    if not text.endswith("\r\n"):
        errors.append("raw: the last line does not end with CRLF")
    lines = data.split(b"\r\n")
    for number, line in enumerate(lines[:-1] if lines[-1] == b"" else lines, start=1):
        if b"\n" in line or b"\r" in line:
            errors.append(f"raw: line {number} has a bare CR or LF")
        if len(line) > 75:
            errors.append(f"raw: line {number} has {len(line)} octets (more than 75)")
    return errors


def walk_libical(component):
    yield component
    child = component.get_first_component(ICalGLib.ComponentKind.ANY_COMPONENT)
    while child is not None:
        yield from walk_libical(child)
        child = component.get_next_component(ICalGLib.ComponentKind.ANY_COMPONENT)


def libical_errors(text):
    component = ICalGLib.Component.new_from_string(text)
    if component is None:
        return ["libical: does not parse"]
    errors = []
    if not ICalGLib.restriction_check(component):
        errors.append("libical: fails the iTIP restrictions (icalrestriction_check)")
    for part in walk_libical(component):
        prop = part.get_first_property(ICalGLib.PropertyKind.XLICERROR_PROPERTY)
        while prop is not None:
            errors.append(f"libical ({ICalGLib.Component.kind_to_string(part.isa())}): {prop.get_value_as_string()}")
            prop = part.get_next_property(ICalGLib.PropertyKind.XLICERROR_PROPERTY)
    return errors


def vobject_errors(text):
    try:
        calendar = vobject.readOne(text, validate=True)
        calendar.validate(raiseException=True, complainUnrecognized=False)
        return []
    except Exception as error:  # vobject raises many kinds (ParseError, ValidateError, ...)
        return [f"vobject: {type(error).__name__}: {error}"]


def person(prop):
    return {"value": str(prop), "params": {k: str(v) for k, v in prop.params.items()}}


def text_of(component, name):
    value = component.get(name)
    return None if value is None else str(value)


def icalendar_read(text):
    try:
        calendar = icalendar.Calendar.from_ical(text)
    except Exception as error:
        return [f"python-icalendar: {type(error).__name__}: {error}"], None
    errors = [f"python-icalendar ({c.name}): {e}" for c in calendar.walk() for e in getattr(c, "errors", [])]
    events = []
    for event in calendar.walk("VEVENT"):
        attendees = event.get("ATTENDEE", [])
        if not isinstance(attendees, list):
            attendees = [attendees]
        organizer = event.get("ORGANIZER")
        events.append(
            {
                "uid": text_of(event, "UID"),
                "sequence": int(event.get("SEQUENCE")) if event.get("SEQUENCE") is not None else None,
                "status": text_of(event, "STATUS"),
                "summary": text_of(event, "SUMMARY"),
                "location": text_of(event, "LOCATION"),
                "description": text_of(event, "DESCRIPTION"),
                "start": event.decoded("DTSTART").isoformat() if event.get("DTSTART") else None,
                "end": event.decoded("DTEND").isoformat() if event.get("DTEND") else None,
                "organizer": person(organizer) if organizer is not None else None,
                "attendees": [person(a) for a in attendees],
            }
        )
    method = calendar.get("METHOD")
    return errors, {"method": None if method is None else str(method), "events": events}


results = []
for item in json.load(sys.stdin):
    text = item["text"]
    errors = raw_errors(text)
    read_errors, calendar = icalendar_read(text)
    errors += read_errors + vobject_errors(text) + libical_errors(text)
    results.append({"name": item["name"], "errors": errors, "calendar": calendar})
json.dump(results, sys.stdout)
