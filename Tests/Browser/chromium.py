"""What the browser tests share: Debian's Chromium, headless, through its chromedriver, and a click
that survives the page redrawing what it clicks."""

from selenium import webdriver
from selenium.common.exceptions import StaleElementReferenceException
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait


def start(width, height, *extra):
    """A headless Chromium of that window size, its console logged; and a 60 s wait on it."""
    options = webdriver.ChromeOptions()
    options.binary_location = "/usr/bin/chromium"
    for arg in ["--headless=new", "--no-sandbox", "--disable-dev-shm-usage", f"--window-size={width},{height}", *extra]:
        options.add_argument(arg)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    driver = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)
    return driver, WebDriverWait(driver, 60, poll_frequency=0.05)


def click(driver, wait, selector):
    """Clicks the first element `selector` finds, found again if the page redrew it between the find
    and the click (a list refreshed by its events, an inspector drawn anew)."""
    def attempt(_):
        try:
            driver.find_element(By.CSS_SELECTOR, selector).click()
            return True
        except StaleElementReferenceException:
            return False
    wait.until(attempt)
