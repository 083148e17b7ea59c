"""A second oracle for Reel's blend modes: Debian's Chromium (headless, through chromedriver and
Selenium) draws each case as CSS — an opaque backdrop box and over it a box of the source colour
with `mix-blend-mode` and `opacity` — and the screenshot's pixels are what a browser shows for the
same colours, as a web mock-up of a template would.

    blend_chromium.py cases.json   # [{"mode", "backdrop": [r,g,b], "source": [r,g,b], "alpha"}, …] in 0–255
prints [[r, g, b], …] in 0–255, one per case, read from the middle of its box.
"""
import json
import re
import struct
import sys
import zlib

from selenium import webdriver
from selenium.webdriver.chrome.service import Service

CELL = 12


def css_mode(mode):
    """Reel's camelCase mode names as CSS's (colorDodge -> color-dodge)."""
    return re.sub(r"([A-Z])", lambda m: "-" + m.group(1).lower(), mode)


def page(cases, columns):
    boxes = []
    for i, c in enumerate(cases):
        x, y = (i % columns) * CELL, (i // columns) * CELL
        b, s = c["backdrop"], c["source"]
        boxes.append(
            f'<div style="position:absolute;left:{x}px;top:{y}px;width:{CELL}px;height:{CELL}px;isolation:isolate;'
            f'background:rgb({b[0]},{b[1]},{b[2]})"><div style="width:{CELL}px;height:{CELL}px;'
            f'background:rgb({s[0]},{s[1]},{s[2]});opacity:{c["alpha"]};mix-blend-mode:{css_mode(c["mode"])}"></div></div>')
    return "<!doctype html><html><body style='margin:0;background:#000'>" + "".join(boxes) + "</body></html>"


def decode_png(data):
    """8-bit RGB or RGBA PNG (what Chromium's screenshots are) into rows of pixels."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
    pos, idat, width = 8, b"", 0
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        if kind == b"IHDR":
            width, height, depth, color = struct.unpack(">IIBB", body[:10])
            assert depth == 8 and color in (2, 6), f"PNG of depth {depth}, colour type {color}"
            channels = 4 if color == 6 else 3
        elif kind == b"IDAT":
            idat += body
        pos += 12 + length
    raw = zlib.decompress(idat)
    stride = width * channels
    rows, prev = [], bytearray(stride)
    for y in range(height):
        f, line = raw[y * (stride + 1)], bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for i in range(stride):
            a = line[i - channels] if i >= channels else 0
            b, c = prev[i], prev[i - channels] if i >= channels else 0
            if f == 1:
                line[i] = (line[i] + a) & 255
            elif f == 2:
                line[i] = (line[i] + b) & 255
            elif f == 3:
                line[i] = (line[i] + (a + b) // 2) & 255
            elif f == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        rows.append((bytes(line), channels))
        prev = line
    return rows


def main():
    cases = json.load(open(sys.argv[1]))
    columns = 32
    options = webdriver.ChromeOptions()
    options.binary_location = "/usr/bin/chromium"
    for arg in ["--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--force-device-scale-factor=1",
                "--force-color-profile=srgb", "--window-size=640,640", "--disable-gpu"]:
        options.add_argument(arg)
    driver = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)
    try:
        driver.get("data:text/html;charset=utf-8," + page(cases, columns).replace("#", "%23"))
        rows = decode_png(driver.get_screenshot_as_png())
    finally:
        driver.quit()
    out = []
    for i in range(len(cases)):
        x, y = (i % columns) * CELL + CELL // 2, (i // columns) * CELL + CELL // 2
        line, channels = rows[y]
        out.append(list(line[x * channels:x * channels + 3]))
    json.dump(out, sys.stdout)


main()
