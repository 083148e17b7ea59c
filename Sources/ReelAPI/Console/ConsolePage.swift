extension ConsoleAssets {
    /// `/console/`: the page every view of the console lives in (`app.js` fills `<main>`).
    static let page = #"""
    <!doctype html>
    <html lang="en">
    <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <title>Reel console</title>
    <link rel="stylesheet" href="/console/style.css">
    <link rel="icon" href="/console/icon.svg" type="image/svg+xml">
    <script type="module" src="/console/app.js"></script>
    </head>
    <body>
    <a class="skip" href="#main">Skip to the content</a>
    <header>
    <nav aria-label="Console">
    <a href="#/jobs">Jobs</a>
    <a href="#/new">New job</a>
    <a href="#/edit">Editor</a>
    <a href="#/uploads">Uploads</a>
    <a href="#/keys" id="nav-keys">Keys</a>
    <button type="button" id="sign-out">Sign out</button>
    </nav>
    </header>
    <main id="main" tabindex="-1"><p>Loading…</p></main>
    <div id="live" class="visually-hidden" role="status" aria-live="polite"></div>
    </body>
    </html>
    """#

    /// `/console/style.css`: readable from a phone's width up, visible focus, system colours.
    static let style = #"""
    :root { color-scheme: light dark; font-family: system-ui, sans-serif; line-height: 1.45; }
    body { margin: 0; }
    header { background: #1d2b3a; }
    nav { display: flex; flex-wrap: wrap; gap: .25rem 1rem; padding: .6rem 1rem; align-items: center; }
    nav a { color: #fff; text-decoration: none; padding: .25rem .4rem; border-radius: .25rem; }
    nav a[aria-current="page"] { background: #3d5a80; }
    nav button { margin-left: auto; }
    main { padding: 1rem; max-width: 72rem; margin: 0 auto; }
    main:focus { outline: none; }
    a:focus-visible, button:focus-visible, input:focus-visible, select:focus-visible, textarea:focus-visible, [tabindex]:focus-visible {
      outline: 3px solid #f4a261; outline-offset: 2px; }
    table { border-collapse: collapse; width: 100%; }
    th, td { text-align: left; padding: .35rem .5rem; border-bottom: 1px solid #8884; vertical-align: middle; }
    caption { text-align: left; padding-bottom: .5rem; }
    progress { width: 8rem; max-width: 100%; }
    textarea { width: 100%; box-sizing: border-box; font-family: ui-monospace, monospace; font-size: .9rem; }
    label { display: inline-block; margin: .4rem .5rem .4rem 0; }
    button, input, select { font: inherit; padding: .3rem .6rem; }
    .actions { display: flex; flex-wrap: wrap; gap: .5rem; margin: 1rem 0; }
    dl { display: grid; grid-template-columns: max-content 1fr; gap: .3rem 1rem; }
    dd { margin: 0; }
    pre { overflow: auto; background: #8881; padding: .75rem; }
    video, img#output { max-width: 100%; max-height: 60vh; }
    #thumbnails { display: flex; flex-wrap: wrap; gap: .25rem; margin-top: .5rem; }
    #drop { border: 2px dashed #888; padding: 2rem; text-align: center; border-radius: .5rem; }
    #drop.over { border-color: #3d5a80; background: #3d5a8022; }
    .ok { color: #2a9d8f; }
    .bad { color: #e63946; }
    .pointer { font-family: ui-monospace, monospace; }
    .skip { position: absolute; left: -999px; }
    .skip:focus { left: 1rem; top: 1rem; background: #fff; color: #000; padding: .5rem; z-index: 1; }
    .visually-hidden { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
    a { overflow-wrap: anywhere; }
    @media (max-width: 40rem) {
      #jobs thead { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); }
      #jobs tr { display: block; padding: .4rem 0; border-bottom: 1px solid #8884; }
      #jobs td { display: block; border: 0; padding: .1rem 0; }
      #jobs td:nth-child(4) { display: none; }
      dl { grid-template-columns: 1fr; }
      main { padding: .6rem; }
    }
    """#

    /// `/console/icon.svg`: the tab's icon (a browser asks for one; without it, a 404 in its console).
    static let icon = #"""
    <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 16 16"><rect width="16" height="16" rx="3" fill="#1d2b3a"/><path d="M5 4l7 4-7 4z" fill="#f4a261"/></svg>
    """#
}
