"""Blind truth set A for the deterministic rubric grader.

Written without reading the grader's code, docs or tests.  Each row pairs a
draft with one rubric criterion and the label a careful human gives it
(pass, fail, n/a, pass|n/a, fail|n/a).  See README.md for conventions.
"""


def _d(s):
    return s.strip("\n")


D = {}

D["launch_tally"] = _d("""
Subject: Meet Tally \u2014 budgeting that finally adds up

Hi there,

Tally is live today. It pulls every account into one dashboard, sorts your spending automatically, and nudges you before a bill is due.

You can try every feature free for 30 days, no card required. After that, Tally Plus is $4.99/month, and you can cancel anytime from the app.

We built Tally because spreadsheets kept breaking on us. Early users tell us they save about two hours a month on bookkeeping.

Start at tally.app/start and connect your first account in under two minutes.

Ready to see where your money actually goes?

Best,
Sam Ortiz
Founder, Tally
""")

D["recipe_chicken"] = _d("""
## Lemon Garlic Roast Chicken

Serves 4 \u00b7 Prep 15 min \u00b7 Cook 1 hr 10 min

**Ingredients**
- 1 whole chicken (about 1.8 kg)
- 2 lemons
- 6 garlic cloves, smashed
- 2 tbsp olive oil
- 1 tsp flaky salt
- A few sprigs of thyme

**Method**
1. Heat the oven to 220\u00b0C (200\u00b0C fan).
2. Pat the chicken dry and rub it all over with the oil and salt.
3. Halve the lemons and stuff them into the cavity with the garlic and thyme.
4. Roast for 70 minutes, until the juices run clear.
5. Rest for ten minutes before carving.
""")

D["sql_top_customers"] = _d("""
```sql
-- Top 20 customers by revenue in 2024
SELECT c.customer_id,
       c.name,
       SUM(oi.quantity * oi.unit_price) AS revenue
FROM customers AS c
JOIN orders AS o
  ON o.customer_id = c.customer_id
JOIN order_items AS oi
  ON oi.order_id = o.order_id
WHERE o.created_at >= '2024-01-01'
  AND o.created_at <  '2025-01-01'
GROUP BY c.customer_id, c.name
ORDER BY revenue DESC
LIMIT 20;
```
""")

D["sql_returns"] = _d("""
Here\u2019s the query to find products that appear in more than five returns:

```sql
SELECT p.sku, p.title, COUNT(*) AS return_count
FROM returns r
LEFT JOIN products p ON p.sku = r.sku
WHERE r.reason <> 'damaged_in_transit'
GROUP BY p.sku, p.title
HAVING COUNT(*) > 5
ORDER BY return_count ASC;
```

It skips transit damage because that\u2019s the carrier\u2019s fault, not the product\u2019s.
""")

D["legal_liability"] = _d("""
12.3 Limitation of Liability. Except for a party\u2019s indemnification obligations or liability arising from gross negligence or wilful misconduct, neither party\u2019s aggregate liability under this Agreement shall exceed the fees paid or payable by Customer in the twelve (12) months preceding the event giving rise to the claim. In no event shall either party be liable for indirect, incidental, special or consequential damages, including lost profits, even if advised of their possibility.
""")

D["tweet_kettle"] = _d("""
Our Wi\u2011Fi smart kettle is back in stock \u2615 Boil from bed, set it to 80\u00a0\u00b0C for green tea, get a ping when it\u2019s ready. 15% off this weekend only \u2192 kettl.co/back #SmartHome #TeaTime
""")

D["release_notes_231"] = _d("""
# Version 2.3.1 \u2014 Release Notes

**Released:** 14 March 2025

## Fixes
- Sync no longer stalls when a file name contains an emoji.
- Failed uploads are now retried up to three times before showing an error.
- Fixed a crash on Android 14 when opening shared folders.

## Improvements
- Search results load about 40% faster on large workspaces.

## Known issues
- Dark mode icons are still misaligned on some Windows displays.
""")

D["cover_letter_priya"] = _d("""
Dear Ms. Okafor,

I\u2019m writing to apply for the Data Analyst role at Brightline Health, advertised on your careers page. For the past three years at Corvid Logistics I have built the weekly reporting pipeline in SQL and Python, cutting report preparation from two days to four hours.

I\u2019m particularly drawn to Brightline\u2019s work on rural clinic access, and I would welcome the chance to bring the same rigour to your patient-outcomes dashboards. My salary expectation is in the range of $80,000\u2013$85,000, and I am available to start in June.

Thank you for considering my application. I would be glad to discuss how I could contribute.

Sincerely,
Priya Raman
""")

D["json_billing"] = _d("""
```json
{
  "service": "billing-api",
  "port": 8080,
  "debug": false,
  "database": {
    "host": "db.internal",
    "port": "5432",
    "pool_size": 10
  },
  "retry": {
    "max_attempts": 3,
    "backoff_ms": 250
  },
  "allowed_origins": ["https://app.example.com", "https://admin.example.com"]
}
```
""")

D["job_backend"] = _d("""
**Senior Backend Engineer (Remote, EU)**

Lumen Freight is hiring a senior backend engineer to help rebuild our routing platform in Go and PostgreSQL.

What you\u2019ll do:
- Design APIs used by 300+ carriers
- Own services end to end, from schema to on-call
- Mentor two mid-level engineers

What we offer:
- Salary: \u20ac85,000\u2013\u20ac100,000, depending on experience
- 30 days of paid leave
- A \u20ac1,500 yearly learning budget

Apply by 31 May with your CV and a short note about a system you\u2019re proud of.
""")

D["faq_plan"] = _d("""
**Can I change my plan later?**

Yes. You can upgrade or downgrade at any time from Settings \u2192 Billing. Upgrades take effect immediately and we charge only the prorated difference. Downgrades apply at the start of your next billing cycle, so you keep your current features until then. If you\u2019re on an annual plan and want to switch to monthly, contact support and we\u2019ll sort it out.
""")

D["product_lamp"] = _d("""
The Alder Desk Lamp gives you warm, glare-free light exactly where you need it. Its solid oak base and matte steel arm pivot smoothly through 180\u00b0, and the touch dimmer steps through five brightness levels. A USB\u2011C port in the base keeps your phone topped up while you work.

Ships free within the UK. Backed by a two-year warranty \u2014 see alder.co/warranty for details.
""")

D["meeting_roadmap"] = _d("""
Meeting notes \u2014 Q3 roadmap sync, 9 July

Attendees: Dana Liu, Marco Rossi, Aisha Bello, Tom Reyes

Decisions
- Ship offline mode in the 3.4 release; push calendar sync to Q4.
- Marco owns the migration plan for the legacy reports.

Action items
1. Aisha \u2014 draft the offline-mode test plan by 16 July.
2. Tom \u2014 confirm the Android beta group size with support.
3. Dana \u2014 share the revised roadmap with leadership.

Next meeting: 23 July, 10:00.
""")

D["standup"] = _d("""
Standup \u2014 Tuesday

All attendees were present except for those on leave. Quick round of updates:
Payments is blocked on the PCI review; search reindex finished overnight; mobile is cutting 5.2 today.

No blockers beyond payments. Retro moved to Thursday.
""")

D["limerick_baker"] = _d("""
A baker who lived in Dundee
Made scones that were light as could be.
    She\u2019d fold in the cream,
    Let the oven pipe steam,
And sell out before half past three.
""")

D["haiku_train"] = _d("""
Frost on the cold rail \u2014
the 6:40 train exhales
a cloud of strangers
""")

D["py_slugify"] = _d('''
```python
def slugify(title: str) -> str:
    """Turn a post title into a URL slug."""
    cleaned = re.sub(r"[^a-z0-9]+", "-", title.lower())
    return cleaned.strip("-")


def test_slugify_basic():
    assert slugify("Hello, World!") == "hello-world"


def test_slugify_strips_dashes():
    assert slugify("--Already--") == "already"
```
''')

D["readme_tidewatch"] = _d("""
## Installation

Requires Python 3.10 or newer.

```bash
pip install tidewatch
```

To enable the optional map view, install the extra:

```bash
pip install "tidewatch[maps]"
```

## Quick start

```python
from tidewatch import Station

station = Station("9414290")  # San Francisco
print(station.next_high_tide())
```
""")

D["api_delete_project"] = _d(r"""
### DELETE /v1/projects/{project_id}

Deletes a project and all of its environments. This cannot be undone.

**Authentication:** Bearer token with the `projects:write` scope.

**Responses**

| Status | Meaning |
|--------|---------|
| 204 | Project deleted. No body is returned. |
| 403 | The token lacks the `projects:write` scope. |
| 404 | No project with that ID exists, or it belongs to another organisation. |

**Example**

```bash
curl -X DELETE https://api.example.com/v1/projects/prj_81 \
  -H "Authorization: Bearer $TOKEN"
```
""")

D["apology_order"] = _d("""
Subject: We\u2019re sorry about your delayed order #48213

Hi Jordan,

I\u2019m sorry your order didn\u2019t arrive on the 12th as promised. A sorting fault at our Leeds warehouse held up about 300 parcels, yours included. It left the warehouse this morning and should reach you by Friday.

To make up for it, we\u2019ve refunded your \u00a34.95 delivery charge and added a 20% discount to your account for your next order.

If it hasn\u2019t arrived by Friday, just reply to this email and I\u2019ll personally chase it.

Warm regards,
Ellie
Customer Care, Fernbrook Home
""")

D["invite_market"] = _d("""
You\u2019re invited: Spring Makers Market \U0001f331

Join us on Saturday 26 April, 10:00\u201316:00, at the Old Tram Depot, 14 Canal Street. Forty local makers will be selling ceramics, prints, plants and small-batch hot sauce, and there\u2019s a kids\u2019 corner with free clay modelling.

Entry is free. Dogs on leads are welcome.

Please RSVP by 18 April at springmakers.org/rsvp so we can plan the coffee supply!
""")

D["linkedin_habit"] = _d("""
Three years ago I almost quit engineering.

I was burned out, shipping features nobody used, and measuring my worth in pull requests. What changed wasn\u2019t a new job \u2014 it was a new habit: every Friday I spend an hour talking to one customer.

That hour has shaped more of our roadmap than any planning offsite.

If you\u2019re feeling stuck, try it for a month. What\u2019s one habit that changed your work?

#Engineering #CustomerResearch #CareerGrowth
""")

D["hero_driftwood"] = _d("""
# Ship docs your users actually read

Driftwood turns your API spec into searchable, versioned documentation in minutes \u2014 no build pipeline, no CSS wrangling.

[Start free](https://driftwood.dev/signup)   [Book a demo](https://driftwood.dev/demo)

Trusted by teams at Loop, Halcyon and Parcelly.
""")

D["support_export"] = _d("""
Hi Marta,

Thanks for the screenshots \u2014 they made this easy to track down.

The \u201cExport failed\u201d message appears when a report has more than 50,000 rows. Until we lift that limit in the next release, you can:

1. Add a date filter to split the report into smaller ranges.
2. Export each range separately.
3. Combine the CSV files in your spreadsheet tool.

I\u2019ve also added your account to the early-access list for the fix.

Cheers,
Rafael
Support team
""")

D["press_harbor"] = _d("""
FOR IMMEDIATE RELEASE

Harbor Bikes opens its first Lisbon store

LISBON, 3 June 2025 \u2014 Harbor Bikes, the Dutch maker of cargo e-bikes, today opened its first Portuguese store at Rua da Prata 118. The 400 m\u00b2 space includes a test track and a same-day repair workshop.

\u201cLisbon\u2019s hills were the perfect test for our new mid-drive motor,\u201d said Femke de Vries, CEO of Harbor Bikes. \u201cWe want families here to leave the second car at home.\u201d

The store opens daily from 9:00 to 19:00.

Media contact: press@harborbikes.nl

###
""")

D["bug_safari"] = _d("""
**Title:** Checkout button does nothing on Safari 17 when a coupon is applied

**Steps to reproduce**
1. Add any item to the cart.
2. Apply the coupon SPRING10.
3. Click \u201cCheckout\u201d.

**Expected:** The payment page opens.
**Actual:** Nothing happens. The console shows `TypeError: undefined is not an object (evaluating 'cart.discount.total')`.

**Environment:** macOS 14.4, Safari 17.4. Works in Chrome 123 and Firefox 124.
**Severity:** High \u2014 blocks purchases for Safari users with coupons.
""")

D["changelog_180"] = _d("""
## [1.8.0] - 2025-02-10
### Added
- `--dry-run` flag for the `sync` command.
- Support for `.env.local` files.

### Changed
- Default timeout raised from 30 to 60 seconds.

### Removed
- The deprecated `legacy-auth` option.

## [1.7.2] - 2025-01-22
### Fixed
- Crash when the config file is empty.
""")

D["poem_lighthouse"] = _d("""
The Lighthouse Keeper\u2019s Daughter

She learned the sea by counting light:
three sweeps, a pause, then three again.
She knew which ships would pass at night
and which would anchor off the glen.

Her father kept the lamp; she kept
the ledger of the ones who came \u2014
the tides they missed, the storms they slept,
each vessel written by its name.
""")

D["newsletter_oakfield"] = _d("""
Oakfield Primary \u2014 Weekly Update, 7 March

Dear families,

Book Week starts on Monday! Children may come dressed as a favourite character on Thursday; costumes are optional and homemade ones are just as welcome.

Year 4\u2019s trip to the Science Museum is on Wednesday 19 March. Please return consent forms and the \u00a36 contribution by Friday 14 March.

A reminder that the school car park is for staff only. Please use the drop-off bay on Elm Road.

Have a lovely weekend,
Mrs. Hadley
Head Teacher
""")

D["menu_crumb"] = _d("""
CRUMB & CO \u2014 Brunch Menu

Sourdough toast, cultured butter, jam \u2014 \u00a34.50
Shakshuka with feta and flatbread \u2014 \u00a39.00
Buttermilk pancakes, blueberries, maple \u2014 \u00a38.50
Mushrooms on toast (vg) \u2014 \u00a38.00
Flat white / oat flat white \u2014 \u00a33.20

Served 9am\u20132pm, weekends only. Students get fifteen percent off with a valid ID.
""")

D["review_crumb"] = _d("""
\u2605\u2605\u2605\u2605\u2606

Crumb is great. The almond croissant was flaky and still warm, and the staff let us sit for two hours with a laptop. Co-op members welcome, according to the sign on the door, though we\u2019re not sure what the discount is. Only downside: the queue at 10am on a Saturday was out the door.
""")

D["itinerary_lisbon"] = _d("""
Lisbon long weekend

Friday
- 18:30 Land at LIS, metro to Baixa-Chiado
- 20:30 Dinner at Taberna da Rua das Flores

Saturday
- 10:00 Tram 28 to Alfama
- 13:00 Lunch in Mouraria
- 17:00 Sunset at Miradouro da Senhora do Monte

Sunday
- 09:30 Train to Sintra (40 min)
- 11:00 Pena Palace (tickets booked)
- 19:15 Fly home
""")

D["cron_backup"] = _d("""
```bash
# crontab: nightly backup of the uploads folder, keeps 14 days
30 2 * * * /usr/local/bin/backup.sh /srv/uploads >> /var/log/backup.log 2>&1
```

```bash
#!/usr/bin/env bash
# /usr/local/bin/backup.sh
set -euo pipefail
SRC="$1"
DEST="/mnt/backups/uploads-$(date +%F).tar.gz"
tar -czf "$DEST" "$SRC"
find /mnt/backups -name 'uploads-*.tar.gz' -mtime +14 -delete
```
""")

D["yaml_ci"] = _d("""
```yaml
name: ci

on:
  push:
    branches: [main]
  pull_request:

jobs:
  test:
    runs-on: ubuntu-latest
    strategy:
      matrix:
        python-version: ["3.11", "3.12"]
    steps:
      - uses: actions/checkout@v4
      - uses: actions/setup-python@v5
        with:
          python-version: ${{ matrix.python-version }}
      - run: pip install -e ".[test]"
      - run: pytest -q
```
""")

D["invoice_reminder"] = _d("""
Subject: Invoice INV-2025-0412 \u2014 payment reminder

Hi Carlos,

Just a friendly reminder that invoice INV-2025-0412 for the March bookkeeping work is due on 30 April. The total due is \u20ac85. Bank reference 000-1147 should be quoted with the transfer.

Thanks as always,
Lena
""")

D["survey_nps"] = _d("""
Q7. How likely are you to recommend Northwind Bank to a friend or colleague?

0 = Not at all likely, 10 = Extremely likely

( ) 0  ( ) 1  ( ) 2  ( ) 3  ( ) 4  ( ) 5  ( ) 6  ( ) 7  ( ) 8  ( ) 9  ( ) 10

Optional: What is the main reason for your score?
""")

D["slides_onboarding"] = _d("""
Slide 1 \u2014 Title: \u201cCutting Onboarding Time in Half\u201d
Slide 2 \u2014 The problem: new hires wait 9 days for full system access
Slide 3 \u2014 Root causes: manual tickets, 4 separate approvers
Slide 4 \u2014 Proposal: role-based access bundles, auto-approved by managers
Slide 5 \u2014 Expected impact: access in 2 days, ~120 staff hours saved per quarter
Slide 6 \u2014 Ask: approve a 6-week pilot in Finance
""")

D["commit_session"] = _d("""
Fix race in session refresh

Two tabs refreshing at the same time could both send the old refresh
token; the second request was rejected and logged the user out.

Refresh now goes through a single in-flight promise shared across
tabs via BroadcastChannel, so only one request is ever sent.

Fixes #482
""")

D["speech_anniversary"] = _d("""
Good evening, everyone.

Twenty-five years ago, six of us rented a garage in Leith with one soldering iron and a very optimistic business plan. Tonight there are four hundred of us in this room, and I can still smell that garage.

Before I thank anyone \u2014 and I will thank a great many people \u2014 I want to ask you something: what were you doing the year we started?
""")

D["ooo_ben"] = _d("""
Subject: Out of office until Monday 14 April

Hello,

Thanks for your email. I\u2019m away at a conference with limited access to email and will be back on Monday 14 April.

For urgent billing questions, please contact Nadia Shah at nadia.shah@corlett.io. Everything else I\u2019ll answer when I\u2019m back.

Kind regards,
Ben Corlett
""")

D["listing_flat"] = _d("""
Bright two-bedroom flat, Stokes Croft \u2014 \u00a31,450\u00a0pcm

Second-floor flat in a converted 1890s warehouse with 3 m ceilings and big sash windows. Open-plan kitchen and living room, two double bedrooms, one bathroom with a rainfall shower. Bike storage in the courtyard.

EPC rating C. Unfurnished. Available from 1 September. Sorry, no pets.

Viewings: call Hollis Lettings on 0117 496 0321.
""")

D["thankyou_scarf"] = _d("""
Dear Aunt Rosa,

Thank you so much for the hand-knitted scarf! It\u2019s the exact shade of green I\u2019ve been looking for, and it\u2019s already been on three walks this week. Mum says you started it back in October \u2014 I can\u2019t believe how much work went into it.

I hope we can visit you in Porto this summer.

Lots of love,
In\u00eas
""")

D["sms_dental"] = _d("""
Hi Tom, this is Riverside Dental. Reminder: your check-up with Dr. Patel is on Thu 5 June at 3:15\u00a0p.m. Reply C to confirm or R to reschedule. Please arrive 10 mins early.
""")

D["dockerfile_app"] = _d("""
```dockerfile
FROM python:3.12-slim

WORKDIR /app
COPY requirements.txt .
RUN pip install --no-cache-dir -r requirements.txt
COPY . .

USER 1000
EXPOSE 8000
CMD ["gunicorn", "-b", "0.0.0.0:8000", "app:server"]
```
""")

D["toast_callum"] = _d("""
For those who don\u2019t know me, I\u2019m Callum, Jamie\u2019s brother and, for the last twenty-nine years, his unpaid tech support.

When Jamie met Sofia, he called me at midnight to ask whether it was too soon to buy a second toothbrush for his flat. I said yes. He bought three.

Sofia, thank you for making my brother braver, kinder and considerably better dressed.

Please raise your glasses: to Jamie and Sofia!
""")

D["classified_bike"] = _d("""
FOR SALE: Brompton M6L folding bike, 2019, racing green. Six gears, new tyres fitted in March, front carrier block included. Small scuff on the rear frame, otherwise excellent. \u00a3750 ono. Collection only from Headingley, Leeds. Message me on 07700 900123.
""")

D["blog_balcony"] = _d("""
# Five cheap upgrades for a tiny balcony garden

You don\u2019t need a big budget to make a small balcony feel green. A \u00a33 rail planter, a bag of peat-free compost and a handful of seed packets will get you further than you think. Herbs like thyme and oregano cope with wind, and trailing nasturtiums hide ugly railings by July.

Below are the five upgrades I\u2019d make again, ranked from cheapest to most satisfying.

**Which one will you try first?**
""")

# ---- drafts that echo the task's own instructions ----

D["echo_pebble"] = _d("""
Product description for Pebble (under 150 words, mention the 30-day free trial and the price of $4.99/month):

Pebble makes meditation feel less like homework. Choose a session from two to twenty minutes, pick a voice you like, and let Pebble guide you back to your breath. Streaks and gentle reminders help the habit stick, and the sleep stories are the best reason to leave your phone on the nightstand.

Download Pebble today and find ten quiet minutes in your day.
""")

D["echo_orbit"] = _d("""
Subject: Orbit is here

Hi team,

As requested \u2014 start with a greeting, mention the 14-day free trial, and end with a question \u2014 here is the launch email.

Orbit puts everyone\u2019s schedule in one shared view, finds meeting slots across time zones in a click, and syncs with Google and Outlook calendars.

Set it up this afternoon and your next planning meeting will take minutes, not emails.

Thanks,
Greta
""")

D["echo_tweet_sale"] = _d("""
Tweet (include the code FRIDAY25 and the hashtag #BlackFriday):

Our biggest sale of the year starts now \U0001f6cd\ufe0f 25% off every notebook, pen and planner until Monday midnight. Stock up before it\u2019s gone! #StationeryLove
""")

D["echo_cover_finch"] = _d("""
Cover letter \u2014 UX Designer, Finch Studio (mention salary expectation of $80,000 and a start date in September)

Dear Hiring Team,

I\u2019m applying for the UX Designer role at Finch Studio. Over five years I have led research and design for two mobile banking apps, and my redesign of one onboarding flow lifted completion by 18%. I would love to bring that evidence-led approach to Finch\u2019s client work.

Thank you for your time.

Kind regards,
Alex Moreno
""")

D["echo_banana"] = _d("""
Vegan banana bread \u2014 numbered list of 3 steps, mention the baking time of 50 minutes

Ingredients: 3 ripe bananas, 75 ml oil, 100 g brown sugar, 250 g self-raising flour, 1 tsp cinnamon, a pinch of salt.

Mash the bananas with the oil and sugar. Fold in the flour, cinnamon and salt until just combined. Pour into a lined loaf tin and bake at 180\u00b0C until a skewer comes out clean.
""")

D["echo_barista"] = _d("""
Job post: part-time barista (mention the pay of \u00a312.60 an hour and that weekend availability is required)

We\u2019re a small neighbourhood caf\u00e9 looking for a friendly barista to join our team for around 20 hours a week. You\u2019ll pull shots, steam milk, keep the counter tidy and chat with our regulars. Experience with latte art is a bonus but not essential \u2014 we\u2019ll train you.

To apply, drop your CV at the counter or email hello@crumbandco.cafe.
""")

D["echo_sql_recent"] = _d("""
```sql
-- Query: include a LIMIT clause and order by created_at descending
SELECT order_id, customer_id, total, created_at
FROM orders
ORDER BY created_at;
```
""")

D["echo_outage"] = _d("""
Hi Priya,

Thanks for flagging this. Per the brief \u2014 apologise for the outage, mention the 99.9% uptime guarantee, and offer a one-month service credit \u2014 I\u2019ve looked into your account.

Your dashboards were unavailable between 09:10 and 10:45 UTC on Tuesday because of a failed database migration. Everything has been stable since, and we\u2019ve added a check that blocks migrations that haven\u2019t passed staging.

Let me know if you see anything odd.

Best,
Hugo
""")

D["echo_haiku_moon"] = _d("""
Haiku about autumn that mentions the moon:

maple leaves let go
one by one the branches learn
how light they can be
""")

D["echo_press_verdant"] = _d("""
FOR IMMEDIATE RELEASE

Verdant Labs announces Series A funding (include a quote from the CEO; mention the $12 million raised and the lead investor Northgate Ventures)

BOSTON, 12 May 2025 \u2014 Verdant Labs, which builds soil sensors for vertical farms, today announced the close of its Series A round. The company will use the funding to double its engineering team and open a pilot facility in Rotterdam.

Verdant Labs\u2019 sensors are now installed in 140 farms across eight countries.

Media contact: media@verdantlabs.com
""")

D["echo_meeting_summary"] = _d("""
Summary (list the attendees and include action items with owners):

The team agreed to move the website relaunch from 2 June to 16 June so the new pricing page can go live at the same time. Legal still needs to review the updated terms. There was a long discussion about whether to keep the free tier; no decision yet.
""")

D["echo_linkedin_10k"] = _d("""
LinkedIn post \u2014 celebrate the 10,000th customer, use at least 3 hashtags, thank the team

When we started Ledgerly in a spare bedroom, our goal was 100 customers. This morning, a bakery in Cork became customer number 10,000. \U0001f389

Every one of them chose to trust us with their books, and we don\u2019t take that lightly.

#SmallBusiness
""")

D["echo_readme_install"] = _d("""
Installation section (include a pip install command and mention the minimum Python version, 3.9)

Clone the repository and install it in editable mode from the project root. If you use Poetry, `poetry install` will pick up the lock file instead.
""")

# ---------------------------------------------------------------------------
# Domain of each draft, and the task prompt where one is given.
# ---------------------------------------------------------------------------

DOMAIN = {
    "launch_tally": "launch email",
    "recipe_chicken": "recipe",
    "sql_top_customers": "SQL query",
    "sql_returns": "SQL query",
    "legal_liability": "legal clause",
    "tweet_kettle": "tweet",
    "release_notes_231": "release notes",
    "cover_letter_priya": "cover letter",
    "json_billing": "JSON config",
    "job_backend": "job post",
    "faq_plan": "FAQ answer",
    "product_lamp": "product description",
    "meeting_roadmap": "meeting notes",
    "standup": "standup notes",
    "limerick_baker": "limerick",
    "haiku_train": "haiku",
    "py_slugify": "Python function",
    "readme_tidewatch": "README section",
    "api_delete_project": "API docs",
    "apology_order": "customer apology email",
    "invite_market": "event invitation",
    "linkedin_habit": "LinkedIn post",
    "hero_driftwood": "landing page hero",
    "support_export": "support reply",
    "press_harbor": "press release",
    "bug_safari": "bug report",
    "changelog_180": "changelog",
    "poem_lighthouse": "poem",
    "newsletter_oakfield": "school newsletter",
    "menu_crumb": "menu",
    "review_crumb": "customer review",
    "itinerary_lisbon": "itinerary",
    "cron_backup": "cron/shell snippet",
    "yaml_ci": "YAML config",
    "invoice_reminder": "invoice note",
    "survey_nps": "survey question",
    "slides_onboarding": "slide outline",
    "commit_session": "commit message",
    "speech_anniversary": "speech opening",
    "ooo_ben": "out-of-office reply",
    "listing_flat": "property listing",
    "thankyou_scarf": "thank-you note",
    "sms_dental": "SMS reminder",
    "dockerfile_app": "Dockerfile",
    "toast_callum": "wedding toast",
    "classified_bike": "classified ad",
    "blog_balcony": "blog post intro",
    "echo_pebble": "product description",
    "echo_orbit": "launch email",
    "echo_tweet_sale": "tweet",
    "echo_cover_finch": "cover letter",
    "echo_banana": "recipe",
    "echo_barista": "job post",
    "echo_sql_recent": "SQL query",
    "echo_outage": "support reply",
    "echo_haiku_moon": "haiku",
    "echo_press_verdant": "press release",
    "echo_meeting_summary": "meeting notes",
    "echo_linkedin_10k": "LinkedIn post",
    "echo_readme_install": "README section",
}

TASK = {
    # natural task prompts (the draft does not copy them)
    "launch_tally": "Write a launch email for Tally, our budgeting app. Mention the 30-day free trial and the $4.99/month price, and end with a question.",
    "sql_top_customers": "Write a SQL query for the top 20 customers by 2024 revenue, using the order_items table.",
    "invoice_reminder": "Write a short reminder to Carlos that invoice INV-2025-0412 (\u20ac85) is due on 30 April.",
    "support_export": "Reply to Marta, whose report export keeps failing. Give her a workaround.",
    # tasks whose instructions the draft copies
    "echo_pebble": "Write a product description for the Pebble meditation app. Under 150 words, mention the 30-day free trial and the price of $4.99/month.",
    "echo_orbit": "Write a short launch email for Orbit, our new team calendar. Start with a greeting, mention the 14-day free trial, and end with a question.",
    "echo_tweet_sale": "Write a tweet announcing our Black Friday sale. Include the code FRIDAY25 and the hashtag #BlackFriday.",
    "echo_cover_finch": "Write a cover letter for a UX Designer role at Finch Studio. Mention my salary expectation of $80,000 and a start date in September.",
    "echo_banana": "Write a recipe for vegan banana bread. Use a numbered list of 3 steps and mention the baking time of 50 minutes.",
    "echo_barista": "Draft a job post for a part-time barista at Crumb & Co. Mention the pay of \u00a312.60 an hour and that weekend availability is required.",
    "echo_sql_recent": "Write a SQL query that returns the 10 most recent orders. Include a LIMIT clause and order by created_at descending.",
    "echo_outage": "Reply to the customer. Apologise for the outage, mention the 99.9% uptime guarantee, and offer a one-month service credit.",
    "echo_haiku_moon": "Write a haiku about autumn that mentions the moon.",
    "echo_press_verdant": "Write a press release announcing that Verdant Labs raised $12 million in Series A funding led by Northgate Ventures. Include a quote from the CEO.",
    "echo_meeting_summary": "Summarise the meeting. List the attendees and include action items with owners.",
    "echo_linkedin_10k": "Write a LinkedIn post celebrating our 10,000th customer. Use at least 3 hashtags and thank the team.",
    "echo_readme_install": "Write the README Installation section. Include a pip install command and mention the minimum Python version (3.9).",
}

P, F, NA, PN, FN = "pass", "fail", "n/a", "pass|n/a", "fail|n/a"

# (id, draft key, criterion, label, why)
R = [
    # ---------------- launch email (Tally) ----------------
    (
        "launch-trial",
        "launch_tally",
        "Mentions the 30-day free trial",
        PN,
        "Only the paraphrase 'try every feature free for 30 days' appears; the phrase 'free trial' never does.",
    ),
    (
        "launch-price",
        "launch_tally",
        "Mentions the price of $4.99/month",
        P,
        "'Tally Plus is $4.99/month' is in the second body paragraph.",
    ),
    (
        "launch-endq",
        "launch_tally",
        "Ends with a question",
        P,
        "The body ends 'Ready to see where your money actually goes?'; the sign-off and signature after it are framing.",
    ),
    (
        "launch-greet",
        "launch_tally",
        "Starts with a greeting",
        P,
        "The body opens 'Hi there,'; the Subject line above it is framing.",
    ),
    (
        "launch-cta",
        "launch_tally",
        "Includes a call to action",
        PN,
        "'Start at tally.app/start and connect your first account' is an imperative with a link, but recognising a CTA takes judgement.",
    ),
    (
        "launch-paras5",
        "launch_tally",
        "Has exactly 5 paragraphs",
        P,
        "Body paragraphs: 'Tally is live', 'You can try', 'We built', 'Start at', 'Ready to see' = 5 (subject, greeting, sign-off excluded).",
    ),
    ("launch-paras4", "launch_tally", "Has exactly four paragraphs", F, "There are 5 body paragraphs."),
    (
        "launch-under110",
        "launch_tally",
        "Under 110 words",
        P,
        "107 whitespace tokens counting subject, greeting and signature; 91 in the body alone.",
    ),
    (
        "launch-under90",
        "launch_tally",
        "Under 90 words",
        F,
        "The body alone is 91 words (23+26+22+12+8); 107 with framing.",
    ),
    ("launch-nomint", "launch_tally", "Does not mention Mint", P, "Mint is not named anywhere."),
    ("launch-friendly", "launch_tally", "Is written in a friendly tone", NA, "Tone is a matter of judgement."),
    ("launch-annual", "launch_tally", "Mentions the annual plan price", F, "Only a monthly price is given."),
    (
        "launch-diff",
        "launch_tally",
        "Explains how Tally differs from competing apps",
        FN,
        "It compares itself only to spreadsheets, never to competing apps; seeing that needs understanding.",
    ),
    # ---------------- recipe ----------------
    ("recipe-ingredients", "recipe_chicken", "Lists the ingredients", P, "A bulleted Ingredients list is present."),
    ("recipe-5steps", "recipe_chicken", "Has exactly 5 numbered steps", P, "Method steps numbered 1-5."),
    (
        "recipe-rest10",
        "recipe_chicken",
        "Says to rest the chicken for 10 minutes",
        P,
        "'Rest for ten minutes before carving' - the number written as a word.",
    ),
    ("recipe-nobutter", "recipe_chicken", "Does not include butter", P, "Butter appears nowhere."),
    (
        "recipe-6ingr",
        "recipe_chicken",
        "Lists exactly 6 ingredients",
        P,
        "Bullets: chicken, lemons, garlic, olive oil, salt, thyme = 6.",
    ),
    ("recipe-max5ingr", "recipe_chicken", "Uses no more than 5 ingredients", F, "Six ingredients are listed."),
    ("recipe-veg", "recipe_chicken", "Suggests a vegetarian alternative", F, "No alternative is offered."),
    ("recipe-beginner", "recipe_chicken", "Is easy for a beginner to follow", NA, "Ease is a judgement."),
    (
        "recipe-roast75",
        "recipe_chicken",
        "Roasts the chicken for 75 minutes",
        F,
        "It says 70 minutes (also '1 hr 10 min').",
    ),
    ("recipe-fahrenheit", "recipe_chicken", "Gives the oven temperature in Fahrenheit", F, "Only Celsius is given."),
    (
        "recipe-taste",
        "recipe_chicken",
        "Describes how the finished dish tastes",
        FN,
        "No description of flavour; confirming the absence needs understanding.",
    ),
    # ---------------- SQL top customers ----------------
    ("sqltop-limit", "sql_top_customers", "Includes a SQL LIMIT clause", P, "'LIMIT 20;' ends the query."),
    ("sqltop-table", "sql_top_customers", "Names the table order_items", P, "'JOIN order_items AS oi'."),
    (
        "sqltop-orderdesc",
        "sql_top_customers",
        "Orders results by revenue in descending order",
        P,
        "'ORDER BY revenue DESC'.",
    ),
    ("sqltop-leftjoin", "sql_top_customers", "Uses a LEFT JOIN", F, "Both joins are plain (inner) JOINs."),
    ("sqltop-limit10", "sql_top_customers", "Limits the output to 10 rows", F, "LIMIT is 20, not 10."),
    (
        "sqltop-2024",
        "sql_top_customers",
        "Restricts the data to orders placed in 2024",
        PN,
        "Done with a date range (>= '2024-01-01' and < '2025-01-01'); confirming it means reading the range.",
    ),
    ("sqltop-having", "sql_top_customers", "Includes a HAVING clause", F, "No HAVING."),
    (
        "sqltop-semicolon",
        "sql_top_customers",
        "Ends with a semicolon",
        P,
        "The statement ends 'LIMIT 20;' (the closing fence is markup).",
    ),
    (
        "sqltop-efficient",
        "sql_top_customers",
        "Is efficient",
        NA,
        "Efficiency is a judgement without a schema or plan.",
    ),
    (
        "sqltop-prose",
        "sql_top_customers",
        "Explains the query in prose",
        FN,
        "Only a one-line SQL comment; no prose explanation - judging 'explains' needs understanding.",
    ),
    # ---------------- SQL returns ----------------
    ("sqlret-having", "sql_returns", "Includes HAVING COUNT(*) > 5", P, "'HAVING COUNT(*) > 5' is present verbatim."),
    ("sqlret-desc", "sql_returns", "Orders by return_count descending", F, "'ORDER BY return_count ASC' - ascending."),
    ("sqlret-leftjoin", "sql_returns", "Uses a LEFT JOIN", P, "'LEFT JOIN products p'."),
    ("sqlret-limit", "sql_returns", "Includes a LIMIT clause", F, "No LIMIT."),
    (
        "sqlret-why",
        "sql_returns",
        "Explains why transit damage is excluded",
        PN,
        "'because that's the carrier's fault, not the product's' - an explanation by meaning.",
    ),
    ("sqlret-orderitems", "sql_returns", "Names the table order_items", F, "Tables are returns and products."),
    (
        "sqlret-exclude",
        "sql_returns",
        "Excludes returns whose reason is damaged_in_transit",
        P,
        "'WHERE r.reason <> 'damaged_in_transit''.",
    ),
    ("sqlret-gt10", "sql_returns", "Uses HAVING COUNT(*) > 10", F, "The threshold is 5."),
    ("sqlret-readable", "sql_returns", "Is easy to read", NA, "Readability is a judgement."),
    (
        "sqlret-what",
        "sql_returns",
        "States what the query returns",
        PN,
        "'find products that appear in more than five returns' - a description by meaning.",
    ),
    # ---------------- legal clause ----------------
    ("legal-12months", "legal_liability", "Mentions 12 months", P, "'twelve (12) months'."),
    (
        "legal-cap",
        "legal_liability",
        "Caps liability at the fees paid in the previous twelve months",
        PN,
        "'shall not exceed the fees paid or payable ... in the twelve (12) months preceding' - a paraphrase of the cap.",
    ),
    (
        "legal-consequential",
        "legal_liability",
        "Excludes consequential damages",
        PN,
        "'In no event shall either party be liable for ... consequential damages' - the exclusion is expressed, not named.",
    ),
    ("legal-willful", "legal_liability", "Uses the spelling 'willful'", F, "The clause spells it 'wilful'."),
    ("legal-gross", "legal_liability", "Mentions gross negligence", P, "'gross negligence'."),
    ("legal-govlaw", "legal_liability", "Specifies the governing law", F, "No jurisdiction or governing law."),
    ("legal-nolostprofits", "legal_liability", "Does not mention lost profits", F, "'including lost profits'."),
    ("legal-1m", "legal_liability", "Sets a $1,000,000 liability cap", F, "The cap is fees paid, not a fixed sum."),
    ("legal-plain", "legal_liability", "Is written in plain English", NA, "Plainness is a judgement."),
    (
        "legal-indemn",
        "legal_liability",
        "Carves out indemnification obligations from the cap",
        PN,
        "'Except for a party's indemnification obligations' - a carve-out by meaning.",
    ),
    ("legal-section", "legal_liability", "Is numbered as section 12.3", P, "Begins '12.3 Limitation of Liability.'"),
    (
        "legal-define",
        "legal_liability",
        "Defines what counts as consequential damages",
        FN,
        "It lists categories but gives no definition; telling that apart needs understanding.",
    ),
    # ---------------- tweet (kettle) ----------------
    ("tweet-wifi", "tweet_kettle", "Mentions WiFi", P, "'Wi\u2011Fi' (with a non-breaking hyphen) is the same term."),
    ("tweet-2hash", "tweet_kettle", "Includes exactly two hashtags", P, "#SmartHome and #TeaTime."),
    (
        "tweet-180",
        "tweet_kettle",
        "Is under 180 characters",
        P,
        "177 characters (every character is a single code point).",
    ),
    ("tweet-15", "tweet_kettle", "Mentions fifteen percent off", P, "'15% off' - the same figure in digits."),
    ("tweet-code", "tweet_kettle", "Includes a discount code", F, "A discount, but no code."),
    ("tweet-endhash", "tweet_kettle", "Ends with a hashtag", P, "Last token is #TeaTime."),
    ("tweet-catchy", "tweet_kettle", "Is catchy", NA, "Taste."),
    (
        "tweet-35w",
        "tweet_kettle",
        "At most 35 words",
        P,
        "35 whitespace tokens including the \u2615 and \u2192 symbols; 33 real words.",
    ),
    (
        "tweet-80c",
        "tweet_kettle",
        "Mentions 80\u00b0C",
        P,
        "'80\u00a0\u00b0C' - a non-breaking space between number and unit.",
    ),
    (
        "tweet-urgency",
        "tweet_kettle",
        "Creates a sense of urgency",
        PN,
        "'this weekend only' - urgency is read from meaning.",
    ),
    ("tweet-capacity", "tweet_kettle", "Mentions the kettle's capacity", F, "No volume is given."),
    # ---------------- release notes ----------------
    ("rn-version", "release_notes_231", "Mentions v2.3.1", P, "'Version 2.3.1' - same version without the v prefix."),
    (
        "rn-retries",
        "release_notes_231",
        "Mentions automatic retries for failed uploads",
        P,
        "'Failed uploads are now retried up to three times'.",
    ),
    ("rn-3fixes", "release_notes_231", "Lists exactly 3 fixes", P, "Three bullets under '## Fixes'."),
    ("rn-ios", "release_notes_231", "Mentions iOS", F, "Only Android and Windows are named."),
    (
        "rn-whyfaster",
        "release_notes_231",
        "Explains why search is faster",
        FN,
        "States the speed-up only; the missing reason is judged by meaning.",
    ),
    ("rn-40", "release_notes_231", "Mentions a 40% speed improvement", P, "'about 40% faster'."),
    ("rn-4bullets", "release_notes_231", "Has exactly 4 bullet points", F, "3 + 1 + 1 = 5 bullets."),
    ("rn-concise", "release_notes_231", "Is concise", NA, "Concision is a judgement."),
    ("rn-noandroid", "release_notes_231", "Does not mention Android", F, "'a crash on Android 14'."),
    ("rn-v24", "release_notes_231", "Mentions version 2.4", F, "Only 2.3.1."),
    ("rn-retry5", "release_notes_231", "Says failed uploads are retried five times", F, "It says three times."),
    (
        "rn-rollback",
        "release_notes_231",
        "Explains how to roll back to the previous version",
        FN,
        "Nothing about rolling back; confirming absence needs understanding.",
    ),
    # ---------------- cover letter (Priya) ----------------
    (
        "cl-80k",
        "cover_letter_priya",
        "Mentions $80,000",
        P,
        "'$80,000\u2013$85,000' - the figure opens an en-dash range.",
    ),
    (
        "cl-3years",
        "cover_letter_priya",
        "Mentions 3 years of experience",
        P,
        "'For the past three years' - number as a word.",
    ),
    (
        "cl-byname",
        "cover_letter_priya",
        "Addresses the hiring manager by name",
        PN,
        "'Dear Ms. Okafor,' - a named addressee; that she is the hiring manager is inferred.",
    ),
    (
        "cl-3paras",
        "cover_letter_priya",
        "Has exactly three paragraphs",
        P,
        "Body paragraphs: application+experience, motivation+salary, thanks = 3 (greeting and sign-off excluded).",
    ),
    ("cl-endq", "cover_letter_priya", "Ends with a question", F, "Body ends 'how I could contribute.'"),
    ("cl-tableau", "cover_letter_priya", "Mentions Tableau", F, "Tools named are SQL and Python."),
    (
        "cl-quant",
        "cover_letter_priya",
        "Quantifies an achievement",
        PN,
        "'from two days to four hours' - recognising it as a quantified achievement needs understanding.",
    ),
    ("cl-confident", "cover_letter_priya", "Sounds confident", NA, "Tone is a judgement."),
    (
        "cl-under100",
        "cover_letter_priya",
        "Under 100 words",
        F,
        "Body is 103 words (45+42+16); 109 with greeting and sign-off.",
    ),
    ("cl-max110", "cover_letter_priya", "At most 110 words", P, "109 tokens in total; 103 in the body."),
    ("cl-90k", "cover_letter_priya", "Mentions $90,000", F, "The range is $80,000-$85,000."),
    (
        "cl-whycompany",
        "cover_letter_priya",
        "Explains why the candidate wants to work at the company",
        PN,
        "'particularly drawn to Brightline's work on rural clinic access' - motivation by meaning.",
    ),
    (
        "cl-referral",
        "cover_letter_priya",
        "Mentions who referred the candidate",
        FN,
        "It says the ad was on the careers page; no referrer - needs understanding to rule out.",
    ),
    # ---------------- JSON config ----------------
    ("json-port", "json_billing", 'Sets the top-level key "port" to 8080', P, "'\"port\": 8080' at top level."),
    ("json-debug", "json_billing", '"debug" is a boolean set to false', P, "'\"debug\": false'."),
    ("json-dbport-int", "json_billing", "database.port is an integer", F, 'It is the string "5432".'),
    ("json-timeout", "json_billing", "Includes a timeout setting", F, "No timeout key."),
    ("json-origins", "json_billing", "allowed_origins is a list of two URLs", P, "Array with two https URLs."),
    ("json-valid", "json_billing", "Is valid JSON", P, "Parses as JSON."),
    (
        "json-snake",
        "json_billing",
        "Uses snake_case for every key",
        P,
        "All keys are lower-case snake_case (pool_size, max_attempts, backoff_ms, allowed_origins...).",
    ),
    ("json-loglevel", "json_billing", "Includes a log_level key", F, "No such key."),
    ("json-pool20", "json_billing", "Sets pool_size to 20", F, "pool_size is 10."),
    ("json-comments", "json_billing", "Includes comments explaining each setting", F, "No comments at all."),
    # ---------------- job post ----------------
    ("job-85k", "job_backend", "Mentions the salary of \u20ac85,000", P, "'\u20ac85,000\u2013\u20ac100,000'."),
    (
        "job-resp",
        "job_backend",
        "Lists the responsibilities",
        PN,
        "The list is headed 'What you'll do', not 'responsibilities'.",
    ),
    (
        "job-deadline",
        "job_backend",
        "Mentions the application deadline",
        PN,
        "'Apply by 31 May' - a deadline by meaning; the word is absent.",
    ),
    ("job-degree", "job_backend", "Mentions a degree requirement", F, "No degree mentioned."),
    ("job-python", "job_backend", "Mentions Python", F, "Stack is Go and PostgreSQL."),
    (
        "job-6bullets",
        "job_backend",
        "Has exactly 6 bullet points",
        P,
        "3 under 'What you'll do' + 3 under 'What we offer' = 6.",
    ),
    ("job-25days", "job_backend", "Offers 25 days of paid leave", F, "It offers 30 days."),
    ("job-inclusive", "job_backend", "Uses inclusive language", NA, "A judgement."),
    (
        "job-stack",
        "job_backend",
        "Mentions the tech stack",
        PN,
        "'in Go and PostgreSQL' - recognising these as the stack needs understanding.",
    ),
    ("job-golang", "job_backend", "Mentions Golang", PN, "Says 'Go', the same language under its short name."),
    ("job-equity", "job_backend", "Mentions stock options", F, "No equity offered."),
    (
        "job-culture",
        "job_backend",
        "Describes the company culture",
        FN,
        "No culture description; judging absence needs understanding.",
    ),
    # ---------------- FAQ answer ----------------
    (
        "faq-startq",
        "faq_plan",
        "Starts with a question",
        P,
        "Opens with the bold question 'Can I change my plan later?'.",
    ),
    ("faq-yes", "faq_plan", "Answers with a direct yes or no", P, "'Yes.' opens the answer."),
    ("faq-prorated", "faq_plan", "Mentions prorated charges", P, "'we charge only the prorated difference'."),
    (
        "faq-downgrade",
        "faq_plan",
        "Explains when a downgrade takes effect",
        PN,
        "'Downgrades apply at the start of your next billing cycle'.",
    ),
    ("faq-max6", "faq_plan", "At most 6 sentences", P, "5 sentences in the answer; 6 if the bold question is counted."),
    ("faq-max4", "faq_plan", "At most 4 sentences", F, "5 sentences in the answer alone."),
    ("faq-refund", "faq_plan", "Mentions refunds", F, "No refunds mentioned."),
    ("faq-reassure", "faq_plan", "Is reassuring", NA, "Tone."),
    (
        "faq-cancel",
        "faq_plan",
        "Explains how to cancel the subscription",
        FN,
        "Covers switching plans, not cancelling; needs understanding to see.",
    ),
    # ---------------- product description (lamp) ----------------
    ("lamp-warranty", "product_lamp", "Mentions the two-year warranty", P, "'Backed by a two-year warranty'."),
    ("lamp-link", "product_lamp", "Includes a link to the warranty page", P, "'alder.co/warranty'."),
    ("lamp-usbc", "product_lamp", "Mentions USB-C", P, "'USB\u2011C' written with a non-breaking hyphen."),
    ("lamp-price", "product_lamp", "Mentions the price", F, "No price."),
    ("lamp-freeship", "product_lamp", "Mentions free shipping", PN, "'Ships free within the UK' - paraphrase."),
    (
        "lamp-under60",
        "product_lamp",
        "Under 60 words",
        F,
        "64 whitespace tokens (49 + 15), 63 if the lone dash is not counted.",
    ),
    ("lamp-under65", "product_lamp", "Under 65 words", P, "64 whitespace tokens (63 words without the dash)."),
    ("lamp-noplastic", "product_lamp", "Does not mention plastic", P, "Materials named are oak and steel."),
    ("lamp-persuasive", "product_lamp", "Is persuasive", NA, "Persuasiveness is a judgement."),
    ("lamp-3year", "product_lamp", "Mentions a three-year warranty", F, "It is two years."),
    ("lamp-wireless", "product_lamp", "Mentions wireless charging", F, "Charging is via a USB-C port."),
    # ---------------- meeting notes (roadmap) ----------------
    (
        "mtg-attendees",
        "meeting_roadmap",
        "Lists the attendees",
        P,
        "'Attendees: Dana Liu, Marco Rossi, Aisha Bello, Tom Reyes'.",
    ),
    ("mtg-3actions", "meeting_roadmap", "Has exactly 3 action items", P, "Numbered 1-3 under Action items."),
    (
        "mtg-owner",
        "meeting_roadmap",
        "Assigns an owner to each action item",
        P,
        "Each item begins with a name (Aisha, Tom, Dana).",
    ),
    ("mtg-duedates", "meeting_roadmap", "Gives a due date for every action item", F, "Only Aisha's item has a date."),
    (
        "mtg-calendar",
        "meeting_roadmap",
        "Records the decision on calendar sync",
        P,
        "Under Decisions: 'push calendar sync to Q4'.",
    ),
    ("mtg-budget", "meeting_roadmap", "Mentions the budget", F, "No budget."),
    ("mtg-organised", "meeting_roadmap", "Is well organised", NA, "A judgement."),
    ("mtg-5attendees", "meeting_roadmap", "Lists five attendees", F, "Four names."),
    (
        "mtg-whycal",
        "meeting_roadmap",
        "Explains why calendar sync was postponed",
        FN,
        "The decision is recorded without a reason.",
    ),
    # ---------------- standup notes ----------------
    ("su-attendees", "standup", "Lists the attendees", F, "Only the word 'attendees' appears; no one is named."),
    (
        "su-blocker",
        "standup",
        "Mentions a blocker",
        P,
        "'Payments is blocked on the PCI review' / 'No blockers beyond payments'.",
    ),
    ("su-retro", "standup", "Says when the retro is", P, "'Retro moved to Thursday'."),
    ("su-leave", "standup", "Names who is on leave", F, "Only 'those on leave'."),
    (
        "su-actions",
        "standup",
        "Includes action items with owners",
        FN,
        "Status updates only, no owners; judging needs understanding.",
    ),
    (
        "su-release",
        "standup",
        "Mentions the 5.2 mobile release",
        PN,
        "'mobile is cutting 5.2 today' - 'cutting' means releasing.",
    ),
    ("su-pci", "standup", "Mentions the PCI review", P, "'the PCI review'."),
    # ---------------- limerick ----------------
    ("lim-5lines", "limerick_baker", "Has exactly 5 lines", P, "Five lines."),
    (
        "lim-aabba",
        "limerick_baker",
        "Follows an AABBA rhyme scheme",
        PN,
        "Dundee/be/three and cream/steam rhyme - a matter of sound.",
    ),
    ("lim-funny", "limerick_baker", "Is funny", NA, "Humour is taste."),
    ("lim-edinburgh", "limerick_baker", "Mentions Edinburgh", F, "Set in Dundee."),
    ("lim-bread", "limerick_baker", "Uses the word 'bread'", F, "No 'bread'."),
    ("lim-period", "limerick_baker", "Ends with a period", P, "'...half past three.'"),
    ("lim-title", "limerick_baker", "Has a title", F, "No title line."),
    # ---------------- haiku (train) ----------------
    ("haiku-3lines", "haiku_train", "Has exactly three lines", P, "Three lines."),
    (
        "haiku-575",
        "haiku_train",
        "Follows a 5-7-5 syllable pattern",
        PN,
        "5/7/5 when '6:40' is read 'six forty'; syllables need a reader.",
    ),
    ("haiku-title", "haiku_train", "Has a title", F, "No title."),
    ("haiku-evocative", "haiku_train", "Is evocative", NA, "Taste."),
    ("haiku-under15", "haiku_train", "Under 15 words", P, "13 words (14 tokens if the dash is counted)."),
    ("haiku-under13", "haiku_train", "Under 13 words", F, "13 words: 5 + 4 + 4."),
    ("haiku-snow", "haiku_train", "Mentions snow", F, "Frost, not snow."),
    ("haiku-kigo", "haiku_train", "Includes a seasonal reference", PN, "'Frost' evokes winter - inference."),
    ("haiku-people", "haiku_train", "Refers to people", PN, "'a cloud of strangers' - people by inference."),
    # ---------------- Python function ----------------
    ("py-defname", "py_slugify", "Defines a function named slugify", P, "'def slugify(title: str) -> str:'."),
    ("py-tests", "py_slugify", "Includes tests", P, "Two test_ functions with asserts."),
    (
        "py-2tests",
        "py_slugify",
        "Has exactly two test functions",
        P,
        "test_slugify_basic and test_slugify_strips_dashes.",
    ),
    ("py-hints", "py_slugify", "Uses type hints", P, "'title: str' and '-> str'."),
    ("py-importre", "py_slugify", "Imports re", F, "re.sub is used but there is no import."),
    (
        "py-none",
        "py_slugify",
        "Handles None input",
        FN,
        "No None check (would raise on .lower()); needs code understanding.",
    ),
    ("py-idiomatic", "py_slugify", "Is idiomatic Python", NA, "A judgement."),
    (
        "py-slug",
        "py_slugify",
        "Defines a function named slug",
        F,
        "Only 'slugify' is defined; 'slug' is just a prefix of it.",
    ),
    (
        "py-accents",
        "py_slugify",
        "Transliterates accented characters",
        FN,
        "Non a-z characters are replaced by '-', not transliterated; needs understanding.",
    ),
    ("py-unittest", "py_slugify", "Uses unittest.TestCase", F, "Plain pytest-style functions."),
    # ---------------- README section ----------------
    ("rd-heading", "readme_tidewatch", "Has a Markdown heading", P, "'## Installation'."),
    (
        "rd-pyver",
        "readme_tidewatch",
        "Mentions the minimum Python version",
        PN,
        "'Requires Python 3.10 or newer.' - 'minimum' is expressed as 'or newer'.",
    ),
    ("rd-pip", "readme_tidewatch", "Includes a pip install command", P, "'pip install tidewatch'."),
    ("rd-conda", "readme_tidewatch", "Mentions conda", F, "Only pip."),
    (
        "rd-usage",
        "readme_tidewatch",
        "Includes a usage example",
        PN,
        "'## Quick start' with a Python snippet - a usage example by meaning.",
    ),
    ("rd-3blocks", "readme_tidewatch", "Has exactly 3 code blocks", P, "bash, bash, python = 3 fenced blocks."),
    ("rd-license", "readme_tidewatch", "Includes a License section", F, "No License heading."),
    ("rd-beginner", "readme_tidewatch", "Is beginner-friendly", NA, "A judgement."),
    ("rd-py39", "readme_tidewatch", "Requires Python 3.9 or newer", F, "It says 3.10."),
    (
        "rd-what",
        "readme_tidewatch",
        "Explains what tidewatch does",
        FN,
        "No description of the package; judging needs understanding (the example only hints at tides).",
    ),
    # ---------------- API docs ----------------
    (
        "api-404",
        "api_delete_project",
        "Returns status code 404 when the project does not exist",
        P,
        "Table row '404 | No project with that ID exists'.",
    ),
    (
        "api-delete",
        "api_delete_project",
        "Documents the HTTP method DELETE",
        P,
        "'### DELETE /v1/projects/{project_id}'.",
    ),
    ("api-post", "api_delete_project", "Documents the HTTP method POST", F, "Only DELETE."),
    ("api-200", "api_delete_project", "Documents status code 200", F, "Success is 204, not 200."),
    (
        "api-permanent",
        "api_delete_project",
        "Warns that deletion is permanent",
        PN,
        "'This cannot be undone.' - paraphrase.",
    ),
    ("api-ratelimit", "api_delete_project", "Documents rate limits", F, "None."),
    ("api-401", "api_delete_project", "Documents the 401 response", F, "Codes are 204, 403, 404."),
    ("api-3codes", "api_delete_project", "Documents exactly three status codes", P, "204, 403, 404."),
    ("api-clear", "api_delete_project", "Is clear and well structured", NA, "A judgement."),
    (
        "api-restore",
        "api_delete_project",
        "Explains how to restore a deleted project",
        FN,
        "Says it cannot be undone; no restore path.",
    ),
    # ---------------- customer apology email ----------------
    (
        "ap-apology",
        "apology_order",
        "Apologises",
        P,
        "'I\u2019m sorry your order didn\u2019t arrive' (curly apostrophes).",
    ),
    (
        "ap-cause",
        "apology_order",
        "Explains the cause of the delay",
        PN,
        "'A sorting fault at our Leeds warehouse held up about 300 parcels'.",
    ),
    (
        "ap-ordernum",
        "apology_order",
        "Mentions the order number",
        P,
        "'#48213' in the subject line, which is part of the email.",
    ),
    (
        "ap-refund",
        "apology_order",
        "Refunds the delivery charge",
        P,
        "'we\u2019ve refunded your \u00a34.95 delivery charge'.",
    ),
    ("ap-25", "apology_order", "Offers a 25% discount", F, "It is 20%."),
    ("ap-eta", "apology_order", "Gives a new delivery estimate", PN, "'should reach you by Friday'."),
    ("ap-tracking", "apology_order", "Includes a tracking link", F, "No link."),
    ("ap-greet", "apology_order", "Starts with a greeting", P, "'Hi Jordan,' after the Subject line (framing)."),
    ("ap-empathetic", "apology_order", "Is empathetic", NA, "Tone."),
    ("ap-norefunds", "apology_order", "Does not mention refunds", F, "'refunded' is a form of refund."),
    (
        "ap-blame",
        "apology_order",
        "Does not blame the customer",
        PN,
        "The fault is the warehouse's; confirming it needs understanding.",
    ),
    (
        "ap-5sent",
        "apology_order",
        "The body has exactly 5 sentences",
        P,
        "3 + 1 + 1 sentences across the three body paragraphs.",
    ),
    ("ap-courier", "apology_order", "Names the courier", F, "No courier named."),
    (
        "ap-cancel",
        "apology_order",
        "Offers to cancel the order",
        FN,
        "Offers refund of delivery and a discount, not cancellation.",
    ),
    # ---------------- event invitation ----------------
    ("inv-rsvp", "invite_market", "Includes an RSVP deadline", P, "'Please RSVP by 18 April'."),
    ("inv-start", "invite_market", "Mentions the start time", P, "'10:00\u201316:00' (en dash)."),
    ("inv-40", "invite_market", "Mentions 40 makers", P, "'Forty local makers'."),
    ("inv-parking", "invite_market", "Mentions parking", F, "No parking info."),
    ("inv-fee", "invite_market", "Says entry costs \u00a35", F, "'Entry is free.'"),
    ("inv-endq", "invite_market", "Ends with a question", F, "Ends with '!'."),
    ("inv-inviting", "invite_market", "Is inviting", NA, "Tone."),
    ("inv-dogs", "invite_market", "Says dogs are allowed", PN, "'Dogs on leads are welcome.' - paraphrase."),
    (
        "inv-kids",
        "invite_market",
        "Mentions an activity for children",
        PN,
        "'kids\u2019 corner with free clay modelling'.",
    ),
    ("inv-access", "invite_market", "Mentions wheelchair access", F, "No accessibility information."),
    # ---------------- LinkedIn post ----------------
    ("li-3hash", "linkedin_habit", "Includes at least 3 hashtags", P, "Three hashtags."),
    ("li-customer", "linkedin_habit", "Mentions talking to customers", P, "'talking to one customer' - singular form."),
    ("li-burnout", "linkedin_habit", "Uses the word 'burnout'", F, "It says 'burned out', not the word 'burnout'."),
    ("li-under100", "linkedin_habit", "Under 100 words", P, "75 tokens including hashtags."),
    (
        "li-under70",
        "linkedin_habit",
        "Under 70 words",
        F,
        "72 tokens without the hashtag line (71 words if the dash is dropped), 75 with it.",
    ),
    ("li-authentic", "linkedin_habit", "Feels authentic", NA, "Taste."),
    (
        "li-leadership",
        "linkedin_habit",
        "Includes the hashtag #Leadership",
        F,
        "Hashtags are #Engineering #CustomerResearch #CareerGrowth.",
    ),
    (
        "li-anecdote",
        "linkedin_habit",
        "Opens with a personal story",
        PN,
        "'Three years ago I almost quit engineering.'",
    ),
    ("li-hook", "linkedin_habit", "Has a strong hook", NA, "Taste."),
    ("li-company", "linkedin_habit", "Names the author's company", F, "No company named."),
    # ---------------- landing page hero ----------------
    ("hero-headline", "hero_driftwood", "Has a headline", P, "'# Ship docs your users actually read'."),
    (
        "hero-cta",
        "hero_driftwood",
        "Includes a call-to-action button",
        PN,
        "Markdown links 'Start free' / 'Book a demo' act as buttons.",
    ),
    ("hero-2cta", "hero_driftwood", "Has exactly two calls to action", PN, "Two links: Start free and Book a demo."),
    ("hero-proof", "hero_driftwood", "Includes social proof", PN, "'Trusted by teams at Loop, Halcyon and Parcelly'."),
    ("hero-8w", "hero_driftwood", "The headline is under 8 words", P, "6 words."),
    ("hero-pricing", "hero_driftwood", "Mentions pricing", F, "Only 'Start free', no pricing."),
    ("hero-openapi", "hero_driftwood", "Mentions OpenAPI", F, "Says 'API spec' only."),
    ("hero-compelling", "hero_driftwood", "Is compelling", NA, "Taste."),
    ("hero-signup", "hero_driftwood", "Links to the signup page", P, "https://driftwood.dev/signup."),
    (
        "hero-nocomp",
        "hero_driftwood",
        "Does not mention competitors",
        PN,
        "Named companies are customers, not competitors - known only by meaning.",
    ),
    # ---------------- support reply ----------------
    (
        "sup-cause",
        "support_export",
        "Explains what causes the error",
        PN,
        "'appears when a report has more than 50,000 rows'.",
    ),
    ("sup-50k", "support_export", "Mentions the 50,000-row limit", P, "'more than 50,000 rows'."),
    ("sup-5k", "support_export", "Mentions a 5,000-row limit", F, "The limit is 50,000."),
    ("sup-3steps", "support_export", "Uses a numbered list of 3 steps", P, "Steps 1-3."),
    ("sup-date", "support_export", "Gives a date for the fix", F, "Only 'the next release'."),
    ("sup-endq", "support_export", "Ends with a question", F, "Body ends '...for the fix.'"),
    ("sup-polite", "support_export", "Is polite", NA, "Tone."),
    ("sup-quote", "support_export", "Quotes the error message", P, "'\u201cExport failed\u201d' in curly quotes."),
    ("sup-greet", "support_export", "Greets the customer by name", P, "'Hi Marta,'."),
    (
        "sup-frustration",
        "support_export",
        "Acknowledges the customer's frustration",
        FN,
        "No acknowledgement of frustration; needs understanding.",
    ),
    # ---------------- press release (Harbor) ----------------
    ("pr-dateline", "press_harbor", "Includes a dateline", P, "'LISBON, 3 June 2025 \u2014'."),
    ("pr-quote", "press_harbor", "Includes a quote from the CEO", P, "Quote attributed to 'Femke de Vries, CEO'."),
    ("pr-staff", "press_harbor", "Mentions how many staff the store employs", F, "No staff numbers."),
    ("pr-porto", "press_harbor", "Mentions Porto", F, "Lisbon only."),
    ("pr-newsworthy", "press_harbor", "Is newsworthy", NA, "A judgement."),
    ("pr-price", "press_harbor", "Mentions bike prices", F, "No prices."),
    ("pr-endmark", "press_harbor", "Ends with ###", P, "Last line '###'."),
    ("pr-400", "press_harbor", "Mentions the 400 m\u00b2 floor area", P, "'The 400 m\u00b2 space'."),
    ("pr-about", "press_harbor", "Includes an 'About Harbor Bikes' boilerplate", F, "No About section."),
    (
        "pr-green",
        "press_harbor",
        "Mentions an environmental benefit",
        PN,
        "'leave the second car at home' implies one.",
    ),
    # ---------------- bug report ----------------
    ("bug-steps", "bug_safari", "Includes steps to reproduce", P, "'Steps to reproduce' with numbered steps."),
    ("bug-expact", "bug_safari", "Includes expected and actual behavior", P, "'Expected:' and 'Actual:' lines."),
    ("bug-console", "bug_safari", "Includes the console error", P, "'TypeError: undefined is not an object ...'."),
    ("bug-screenshot", "bug_safari", "Includes a screenshot", F, "No image."),
    ("bug-3steps", "bug_safari", "Has exactly 3 reproduction steps", P, "Steps 1-3."),
    ("bug-edge", "bug_safari", "Mentions Edge", F, "Safari, Chrome, Firefox only."),
    ("bug-fix", "bug_safari", "Suggests a fix", FN, "No fix proposed; needs understanding."),
    ("bug-clear", "bug_safari", "Is clearly written", NA, "A judgement."),
    ("bug-nocoupon", "bug_safari", "Does not mention coupons", F, "'coupon' and 'coupons' appear."),
    # ---------------- changelog ----------------
    (
        "cl8-kac",
        "changelog_180",
        "Follows the Keep a Changelog format",
        PN,
        "Structure matches ([version] - date, Added/Changed/Removed/Fixed), but conformance is judged by meaning.",
    ),
    ("cl8-removed", "changelog_180", "Includes a Removed section", P, "'### Removed'."),
    ("cl8-60", "changelog_180", "States the new default timeout of 60 seconds", P, "'raised from 30 to 60 seconds'."),
    ("cl8-v18", "changelog_180", "Mentions version 1.8", P, "'[1.8.0]' is version 1.8."),
    ("cl8-v190", "changelog_180", "Mentions version 1.9.0", F, "Only 1.8.0 and 1.7.2."),
    ("cl8-dated", "changelog_180", "Dates every release", P, "Both headings carry a date."),
    (
        "cl8-newest",
        "changelog_180",
        "Lists releases newest first",
        PN,
        "1.8.0 (Feb) before 1.7.2 (Jan) - requires comparing versions/dates.",
    ),
    ("cl8-security", "changelog_180", "Includes a Security section", F, "None."),
    (
        "cl8-breaking",
        "changelog_180",
        "Flags breaking changes",
        FN,
        "Removing legacy-auth may break users but nothing is flagged as breaking.",
    ),
    # ---------------- poem ----------------
    ("poem-2st", "poem_lighthouse", "Has exactly two stanzas", P, "Two four-line stanzas after the title."),
    ("poem-4lines", "poem_lighthouse", "Each stanza has four lines", P, "4 + 4."),
    ("poem-rhyme", "poem_lighthouse", "Rhymes", PN, "light/night, again/glen, kept/slept, came/name - by sound."),
    ("poem-lighthouse", "poem_lighthouse", "Mentions a lighthouse", P, "In the title."),
    ("poem-mother", "poem_lighthouse", "Mentions the mother", F, "Only the father."),
    ("poem-moving", "poem_lighthouse", "Is moving", NA, "Taste."),
    ("poem-ocean", "poem_lighthouse", "Uses the word 'ocean'", F, "It uses 'sea'."),
    (
        "poem-first",
        "poem_lighthouse",
        "Is written in the first person",
        FN,
        "Third person ('She ...'); judging voice needs understanding.",
    ),
    ("poem-max10", "poem_lighthouse", "Has at most 10 lines", P, "8 verse lines (9 with the title)."),
    # ---------------- school newsletter ----------------
    ("nl-6", "newsletter_oakfield", "Mentions the \u00a36 contribution", P, "'the \u00a36 contribution'."),
    ("nl-consent", "newsletter_oakfield", "Gives the deadline for consent forms", P, "'by Friday 14 March'."),
    (
        "nl-3paras",
        "newsletter_oakfield",
        "Has exactly 3 paragraphs",
        P,
        "Body paragraphs: Book Week, Year 4 trip, car park = 3 (header, greeting, sign-off excluded).",
    ),
    ("nl-fete", "newsletter_oakfield", "Mentions the school fete", F, "No fete."),
    ("nl-wbd", "newsletter_oakfield", "Mentions World Book Day", F, "Book Week, not World Book Day."),
    (
        "nl-greet",
        "newsletter_oakfield",
        "Starts with a greeting",
        P,
        "'Dear families,' opens the letter below the header line.",
    ),
    ("nl-warm", "newsletter_oakfield", "Has a warm tone", NA, "Tone."),
    ("nl-signed", "newsletter_oakfield", "Is signed by the head teacher", P, "'Mrs. Hadley / Head Teacher'."),
    ("nl-5", "newsletter_oakfield", "Mentions a \u00a35 contribution", F, "It is \u00a36."),
    (
        "nl-why",
        "newsletter_oakfield",
        "Explains why the car park is staff-only",
        FN,
        "States the rule, not the reason.",
    ),
    # ---------------- menu ----------------
    ("menu-name", "menu_crumb", "Mentions Crumb & Co", P, "'CRUMB & CO' - same name in capitals."),
    (
        "menu-vegan",
        "menu_crumb",
        "Includes a vegan option",
        PN,
        "'(vg)' marks the mushrooms as vegan - an abbreviation.",
    ),
    (
        "menu-prices",
        "menu_crumb",
        "Lists a price for every item",
        P,
        "Each of the five lines ends with a \u00a3 price.",
    ),
    ("menu-5items", "menu_crumb", "Lists exactly 5 priced items", P, "Five lines with prices."),
    ("menu-gf", "menu_crumb", "Mentions gluten-free options", F, "None."),
    ("menu-benedict", "menu_crumb", "Includes eggs benedict", F, "Not on the menu."),
    ("menu-appetising", "menu_crumb", "Sounds appetising", NA, "Taste."),
    ("menu-under10", "menu_crumb", "Every item costs under \u00a310", P, "Highest price is \u00a39.00."),
    (
        "menu-15",
        "menu_crumb",
        "Mentions a 15% student discount",
        P,
        "'Students get fifteen percent off' - number in words.",
    ),
    (
        "menu-oat",
        "menu_crumb",
        "Offers a plant-based milk option",
        PN,
        "'oat flat white' - oat milk is plant-based by knowledge.",
    ),
    ("menu-origin", "menu_crumb", "Says where the ingredients are sourced", FN, "No sourcing information."),
    # ---------------- customer review ----------------
    (
        "rev-crumbco",
        "review_crumb",
        "Mentions Crumb & Co",
        F,
        "'Crumb' and 'Co-op' appear in separate sentences; the name 'Crumb & Co' never does.",
    ),
    ("rev-stars", "review_crumb", "Gives a star rating", P, "\u2605\u2605\u2605\u2605\u2606."),
    ("rev-price", "review_crumb", "Mentions prices", F, "No prices."),
    ("rev-downside", "review_crumb", "Mentions a downside", P, "'Only downside: the queue'."),
    ("rev-5stars", "review_crumb", "Gives 5 stars", F, "Four filled stars out of five."),
    ("rev-balanced", "review_crumb", "Is balanced", NA, "A judgement."),
    ("rev-wifi", "review_crumb", "Mentions Wi-Fi", F, "A laptop is mentioned, Wi-Fi is not."),
    (
        "rev-4sent",
        "review_crumb",
        "Has exactly 4 sentences",
        P,
        "'Crumb is great.' / 'The almond croissant...' / 'Co-op members welcome...' / 'Only downside...' = 4; the star line is not a sentence.",
    ),
    # ---------------- itinerary ----------------
    ("it-3days", "itinerary_lisbon", "Covers three days", P, "Friday, Saturday, Sunday."),
    ("it-times", "itinerary_lisbon", "Gives a time for every activity", P, "Every bullet starts with a time."),
    ("it-porto", "itinerary_lisbon", "Mentions Porto", F, "Lisbon and Sintra only."),
    ("it-hotel", "itinerary_lisbon", "Names the hotel", F, "No hotel."),
    ("it-8", "itinerary_lisbon", "Has exactly 8 bullet points", P, "2 + 3 + 3 = 8."),
    ("it-flight", "itinerary_lisbon", "Includes the flight number", F, "No flight number."),
    ("it-realistic", "itinerary_lisbon", "Is realistic", NA, "A judgement."),
    ("it-fado", "itinerary_lisbon", "Includes a fado show", F, "No fado."),
    ("it-rest", "itinerary_lisbon", "Includes a rest day", FN, "Every day is scheduled; needs understanding."),
    # ---------------- cron/shell ----------------
    ("cron-0230", "cron_backup", "Runs daily at 2:30 AM", PN, "'30 2 * * *' means 02:30 daily - needs cron reading."),
    ("cron-set", "cron_backup", "Uses set -euo pipefail", P, "Present."),
    (
        "cron-14",
        "cron_backup",
        "Deletes backups older than 14 days",
        PN,
        "'-mtime +14 -delete' (and the comment 'keeps 14 days').",
    ),
    ("cron-log", "cron_backup", "Logs output to /var/log/backup.log", P, "'>> /var/log/backup.log 2>&1'."),
    ("cron-gzip", "cron_backup", "Compresses the backup", PN, "'tar -czf' / '.tar.gz' - compression by knowledge."),
    ("cron-rsync", "cron_backup", "Uses rsync", F, "tar and find only."),
    (
        "cron-hourly",
        "cron_backup",
        "Runs every hour",
        FN,
        "Runs once a day; reading the cron fields needs understanding.",
    ),
    ("cron-shebang", "cron_backup", "Includes a shebang line", P, "'#!/usr/bin/env bash'."),
    ("cron-30days", "cron_backup", "Keeps backups for 30 days", F, "14 days."),
    ("cron-verify", "cron_backup", "Verifies the backup succeeded", FN, "No integrity check; needs understanding."),
    # ---------------- YAML config ----------------
    ("yml-main", "yaml_ci", "Runs on pushes to main", P, "'push: branches: [main]'."),
    ("yml-312", "yaml_ci", "Tests Python 3.12", P, 'Matrix includes "3.12".'),
    ("yml-310", "yaml_ci", "Tests Python 3.10", F, "Matrix is 3.11 and 3.12."),
    ("yml-checkout", "yaml_ci", "Uses actions/checkout v4", P, "'actions/checkout@v4'."),
    ("yml-windows", "yaml_ci", "Runs on Windows", F, "ubuntu-latest only."),
    ("yml-cache", "yaml_ci", "Caches pip dependencies", F, "No cache step or cache option."),
    ("yml-matrix", "yaml_ci", "Uses a build matrix", P, "'strategy: matrix:'."),
    ("yml-lint", "yaml_ci", "Runs a linter", F, "Only pytest."),
    ("yml-deploy", "yaml_ci", "Deploys to production", FN, "Test-only workflow."),
    # ---------------- invoice note ----------------
    (
        "inv2-85k",
        "invoice_reminder",
        "Mentions \u20ac85,000",
        F,
        "'\u20ac85' and '000-1147' appear separately; there is no \u20ac85,000.",
    ),
    ("inv2-85", "invoice_reminder", "States the amount due of \u20ac85", P, "'The total due is \u20ac85.'"),
    ("inv2-due", "invoice_reminder", "Mentions the due date", P, "'due on 30 April'."),
    ("inv2-late", "invoice_reminder", "Mentions a late fee", F, "None."),
    ("inv2-polite", "invoice_reminder", "Is polite", NA, "Tone."),
    ("inv2-under60", "invoice_reminder", "Under 60 words", P, "43 tokens in all; 31 in the body."),
    ("inv2-under30", "invoice_reminder", "Under 30 words", F, "The body paragraph alone is 31 words."),
    ("inv2-iban", "invoice_reminder", "Includes the IBAN", F, "Only a reference number."),
    ("inv2-consequence", "invoice_reminder", "States what happens if payment is late", FN, "No consequence stated."),
    # ---------------- survey question ----------------
    (
        "sv-scale",
        "survey_nps",
        "Uses a 0\u201310 scale",
        PN,
        "Options 0 to 10 with end labels; the string '0\u201310' itself is absent.",
    ),
    ("sv-ends", "survey_nps", "Labels both ends of the scale", P, "'0 = Not at all likely, 10 = Extremely likely'."),
    (
        "sv-open",
        "survey_nps",
        "Includes an open-ended follow-up question",
        PN,
        "'What is the main reason for your score?'",
    ),
    (
        "sv-nps",
        "survey_nps",
        "Is a Net Promoter Score question",
        PN,
        "Standard NPS wording; recognising it takes knowledge.",
    ),
    ("sv-yesno", "survey_nps", "Is a yes/no question", F, "It is a 0-10 rating."),
    ("sv-1to5", "survey_nps", "Uses a 1-5 scale", F, "0-10."),
    ("sv-neutral", "survey_nps", "Is neutral and unbiased", NA, "A judgement."),
    ("sv-11opts", "survey_nps", "Offers 11 answer options", P, "Eleven '( )' boxes, 0 through 10."),
    (
        "sv-feature",
        "survey_nps",
        "Asks about a specific product feature",
        FN,
        "Asks about overall likelihood to recommend.",
    ),
    # ---------------- slide outline ----------------
    ("sl-6", "slides_onboarding", "Has exactly 6 slides", P, "Slides 1-6."),
    ("sl-ask", "slides_onboarding", "Ends with an ask", P, "Last slide: 'Ask: approve a 6-week pilot in Finance'."),
    ("sl-9days", "slides_onboarding", "Mentions nine days", P, "'9 days'."),
    ("sl-budget", "slides_onboarding", "Includes a budget slide", F, "No budget slide."),
    ("sl-max5", "slides_onboarding", "Has at most 5 slides", F, "Six slides."),
    (
        "sl-impact",
        "slides_onboarding",
        "Quantifies the expected impact",
        PN,
        "'access in 2 days, ~120 staff hours saved per quarter'.",
    ),
    ("sl-story", "slides_onboarding", "Tells a compelling story", NA, "Taste."),
    ("sl-hr", "slides_onboarding", "Proposes a pilot in HR", F, "Pilot is in Finance."),
    ("sl-4approvers", "slides_onboarding", "Mentions four approvers", P, "'4 separate approvers'."),
    ("sl-risks", "slides_onboarding", "Addresses the risks of the proposal", FN, "No risk slide; needs understanding."),
    # ---------------- commit message ----------------
    (
        "cm-50",
        "commit_session",
        "Subject line is under 50 characters",
        P,
        "'Fix race in session refresh' is 27 characters.",
    ),
    (
        "cm-imper",
        "commit_session",
        "Uses the imperative mood in the subject",
        PN,
        "'Fix ...' - grammatical mood needs understanding.",
    ),
    (
        "cm-why",
        "commit_session",
        "Explains why the change was made",
        PN,
        "First body paragraph describes the logout bug.",
    ),
    ("cm-issue", "commit_session", "References an issue number", P, "'Fixes #482'."),
    ("cm-period", "commit_session", "Subject line ends with a period", F, "No period."),
    ("cm-localstorage", "commit_session", "Mentions localStorage", F, "Uses BroadcastChannel."),
    ("cm-72", "commit_session", "Wraps body lines at 72 characters", P, "Longest body line is 68 characters."),
    (
        "cm-semicolon",
        "commit_session",
        "Ends with a semicolon",
        F,
        "The only semicolon is mid-sentence ('refresh token; the second...'); it ends 'Fixes #482'.",
    ),
    ("cm-tested", "commit_session", "Describes how the fix was tested", FN, "No testing described."),
    # ---------------- speech opening ----------------
    ("sp-greet", "speech_anniversary", "Starts with a greeting", P, "'Good evening, everyone.'"),
    ("sp-25", "speech_anniversary", "Mentions 25 years", P, "'Twenty-five years ago'."),
    ("sp-endq", "speech_anniversary", "Ends with a question", P, "'...what were you doing the year we started?'"),
    ("sp-400", "speech_anniversary", "Mentions 400", P, "'four hundred of us'."),
    ("sp-sponsors", "speech_anniversary", "Thanks the sponsors", F, "Thanks are promised but not given; no sponsors."),
    ("sp-humour", "speech_anniversary", "Uses humour", NA, "Taste."),
    (
        "sp-max4",
        "speech_anniversary",
        "At most 4 sentences",
        P,
        "'Good evening, everyone.' + 2 + 1 = 4 (3 without the greeting).",
    ),
    ("sp-max2", "speech_anniversary", "At most 2 sentences", F, "At least 3 sentences."),
    ("sp-edinburgh", "speech_anniversary", "Mentions Edinburgh", F, "Names Leith, not Edinburgh."),
    ("sp-origin", "speech_anniversary", "Mentions where the company started", PN, "'rented a garage in Leith'."),
    (
        "sp-thankname",
        "speech_anniversary",
        "Thanks a specific person by name",
        FN,
        "'I will thank a great many people' - nobody is thanked or named; needs understanding.",
    ),
    # ---------------- out-of-office ----------------
    ("ooo-return", "ooo_ben", "States the return date", P, "'back on Monday 14 April'."),
    (
        "ooo-alt",
        "ooo_ben",
        "Provides an alternative contact",
        PN,
        "'For urgent billing questions, please contact Nadia Shah at nadia.shah@corlett.io'.",
    ),
    ("ooo-phone", "ooo_ben", "Includes a phone number", F, "None."),
    ("ooo-reason", "ooo_ben", "Explains the reason for the absence", PN, "'away at a conference'."),
    (
        "ooo-2paras",
        "ooo_ben",
        "Has exactly 2 paragraphs",
        P,
        "Two body paragraphs (subject, greeting, sign-off excluded).",
    ),
    ("ooo-under60", "ooo_ben", "Under 60 words", P, "52 tokens in all; 39 in the body."),
    ("ooo-under35", "ooo_ben", "Under 35 words", F, "The body alone is 39 words (22 + 17)."),
    ("ooo-professional", "ooo_ben", "Is professional", NA, "Tone."),
    ("ooo-conf", "ooo_ben", "Names the conference", F, "Only 'a conference'."),
    ("ooo-24h", "ooo_ben", "Promises a reply within 24 hours", F, "No timeframe besides the return date."),
    # ---------------- property listing ----------------
    (
        "fl-rent",
        "listing_flat",
        "Mentions the monthly rent",
        PN,
        "'\u00a31,450 pcm' - 'pcm' (per calendar month) must be understood as monthly rent.",
    ),
    ("fl-beds", "listing_flat", "States the number of bedrooms", P, "'two-bedroom' / 'two double bedrooms'."),
    ("fl-pets", "listing_flat", "Says pets are allowed", F, "'Sorry, no pets.'"),
    ("fl-nopets", "listing_flat", "Does not mention pets", F, "'no pets' is a mention of pets."),
    ("fl-balcony", "listing_flat", "Mentions a balcony", F, "No balcony."),
    ("fl-avail", "listing_flat", "States when the flat is available", P, "'Available from 1 September'."),
    ("fl-furnished", "listing_flat", "Says the flat is furnished", F, "It says 'Unfurnished'."),
    ("fl-appealing", "listing_flat", "Is appealing", NA, "Taste."),
    ("fl-1450", "listing_flat", "Mentions \u00a31,450", P, "'\u00a31,450\u00a0pcm' (non-breaking space)."),
    ("fl-area", "listing_flat", "Describes the neighbourhood", FN, "Only names Stokes Croft."),
    # ---------------- thank-you note ----------------
    (
        "ty-scarf",
        "thankyou_scarf",
        "Thanks the recipient for the scarf",
        P,
        "'Thank you so much for the hand-knitted scarf!'.",
    ),
    (
        "ty-colour",
        "thankyou_scarf",
        "Mentions the colour of the gift",
        PN,
        "'shade of green' - knowing green is a colour.",
    ),
    ("ty-visit", "thankyou_scarf", "Mentions a visit", P, "'I hope we can visit you in Porto'."),
    ("ty-money", "thankyou_scarf", "Mentions money", F, "None."),
    ("ty-heartfelt", "thankyou_scarf", "Is heartfelt", NA, "Tone."),
    ("ty-under80", "thankyou_scarf", "Under 80 words", P, "62 tokens in all; 55 in the body."),
    (
        "ty-under54",
        "thankyou_scarf",
        "Under 54 words",
        F,
        "Body is 55 whitespace tokens (45 + 10), 54 words if the dash is not counted; 62 with greeting and sign-off.",
    ),
    ("ty-endq", "thankyou_scarf", "Ends with a question", F, "Body ends '...this summer.'"),
    ("ty-use", "thankyou_scarf", "Says how the gift has been used", PN, "'already been on three walks'."),
    # ---------------- SMS reminder ----------------
    ("sms-time", "sms_dental", "Includes the appointment time", P, "'3:15 p.m.'."),
    (
        "sms-max4",
        "sms_dental",
        "At most 4 sentences",
        P,
        "4 sentences; 'Dr.' and 'p.m.' are abbreviations, not sentence ends.",
    ),
    ("sms-max3", "sms_dental", "At most 3 sentences", F, "4 sentences."),
    ("sms-address", "sms_dental", "Includes the clinic address", F, "No address."),
    ("sms-160", "sms_dental", "Under 160 characters", F, "170 characters."),
    (
        "sms-10min",
        "sms_dental",
        "Asks the patient to arrive 10 minutes early",
        P,
        "'arrive 10 mins early' - abbreviation of minutes.",
    ),
    ("sms-315", "sms_dental", "Mentions 3:15 p.m.", P, "'3:15\u00a0p.m.' with a non-breaking space."),
    ("sms-under40w", "sms_dental", "Under 40 words", P, "33 words."),
    # ---------------- Dockerfile ----------------
    ("dk-8000", "dockerfile_app", "Exposes port 8000", P, "'EXPOSE 8000'."),
    ("dk-8080", "dockerfile_app", "Exposes port 8080", F, "8000, not 8080."),
    ("dk-nonroot", "dockerfile_app", "Runs as a non-root user", PN, "'USER 1000' - UID 1000 is non-root by knowledge."),
    ("dk-multistage", "dockerfile_app", "Uses a multi-stage build", F, "One FROM."),
    (
        "dk-layer",
        "dockerfile_app",
        "Installs dependencies before copying the rest of the source",
        PN,
        "requirements.txt is copied and installed before 'COPY . .'.",
    ),
    ("dk-health", "dockerfile_app", "Includes a HEALTHCHECK", F, "None."),
    ("dk-py312", "dockerfile_app", "Uses Python 3.12", P, "'python:3.12-slim'."),
    ("dk-nocache", "dockerfile_app", "Disables the pip cache", PN, "'--no-cache-dir'."),
    ("dk-explain", "dockerfile_app", "Explains each instruction", FN, "No comments or prose."),
    # ---------------- wedding toast ----------------
    ("ts-intro", "toast_callum", "Introduces the speaker", P, "'I\u2019m Callum, Jamie\u2019s brother'."),
    ("ts-anecdote", "toast_callum", "Includes an anecdote", PN, "The toothbrush story."),
    (
        "ts-toast",
        "toast_callum",
        "Ends with a toast to the couple",
        P,
        "'Please raise your glasses: to Jamie and Sofia!'.",
    ),
    ("ts-parents", "toast_callum", "Thanks the bride's parents", F, "No parents mentioned."),
    ("ts-funny", "toast_callum", "Is funny", NA, "Taste."),
    ("ts-29", "toast_callum", "Mentions 29 years", P, "'twenty-nine years'."),
    ("ts-under60", "toast_callum", "Under 60 words", F, "71 words (20 + 30 + 13 + 8)."),
    ("ts-under75", "toast_callum", "Under 75 words", P, "71 words."),
    (
        "ts-greet",
        "toast_callum",
        "Starts with a greeting",
        F,
        "Opens 'For those who don\u2019t know me, I\u2019m Callum' - an introduction, not a greeting.",
    ),
    ("ts-advice", "toast_callum", "Offers marriage advice", FN, "No advice given."),
    # ---------------- classified ad ----------------
    ("cb-price", "classified_bike", "States the price", P, "'\u00a3750 ono'."),
    ("cb-condition", "classified_bike", "Describes the condition", PN, "'Small scuff ... otherwise excellent'."),
    ("cb-delivery", "classified_bike", "Offers delivery", F, "'Collection only'."),
    ("cb-6gears", "classified_bike", "Mentions 6 gears", P, "'Six gears'."),
    (
        "cb-max40",
        "classified_bike",
        "At most 40 words",
        P,
        "40 whitespace tokens (39 if the phone number counts as one word).",
    ),
    ("cb-colour", "classified_bike", "Mentions the colour", PN, "'racing green' - a colour by knowledge."),
    ("cb-electric", "classified_bike", "Says the bike is electric", F, "Not electric."),
    ("cb-ono", "classified_bike", "Says the price is negotiable", PN, "'ono' = or nearest offer."),
    ("cb-whysell", "classified_bike", "Explains why the bike is being sold", FN, "No reason given."),
    # ---------------- blog post intro ----------------
    (
        "bl-endq",
        "blog_balcony",
        "Ends with a question",
        P,
        "Last line is the bold question 'Which one will you try first?'.",
    ),
    ("bl-5", "blog_balcony", "Mentions five upgrades", P, "Title and 'the five upgrades'."),
    ("bl-list", "blog_balcony", "Lists the five upgrades", F, "It says they are 'below' but lists none."),
    ("bl-basil", "blog_balcony", "Mentions basil", F, "Thyme, oregano, nasturtiums only."),
    ("bl-engaging", "blog_balcony", "Is engaging", NA, "Taste."),
    ("bl-under100", "blog_balcony", "Under 100 words", P, "80 tokens including the heading."),
    ("bl-under70", "blog_balcony", "Under 70 words", F, "71 words without the heading (51 + 14 + 6), 80 with it."),
    ("bl-3", "blog_balcony", "Mentions a \u00a33 planter", P, "'A \u00a33 rail planter'."),
    ("bl-wind", "blog_balcony", "Gives advice for windy balconies", PN, "'thyme and oregano cope with wind'."),
    # ---------------- ECHO: product description (Pebble) ----------------
    (
        "ep-trial",
        "echo_pebble",
        "Mentions the 30-day free trial",
        F,
        "Only in the copied instruction line; the description never mentions a trial.",
    ),
    ("ep-price", "echo_pebble", "Mentions the price of $4.99/month", F, "Only in the copied instruction line."),
    ("ep-under150", "echo_pebble", "Under 150 words", P, "80 tokens in all; 63 without the echoed line."),
    ("ep-cta", "echo_pebble", "Includes a call to action", PN, "'Download Pebble today'."),
    ("ep-session", "echo_pebble", "Mentions session lengths", P, "'from two to twenty minutes'."),
    ("ep-calm", "echo_pebble", "Has a calming tone", NA, "Tone."),
    ("ep-restate", "echo_pebble", "Does not restate the task instructions", F, "The first line copies the brief."),
    # ---------------- ECHO: launch email (Orbit) ----------------
    (
        "eo-trial",
        "echo_orbit",
        "Mentions the 14-day free trial",
        F,
        "Only inside the echoed instruction ('mention the 14-day free trial').",
    ),
    (
        "eo-endq",
        "echo_orbit",
        "Ends with a question",
        F,
        "Body ends 'minutes, not emails.'; 'end with a question' appears only in the echo.",
    ),
    ("eo-greet", "echo_orbit", "Starts with a greeting", P, "'Hi team,' after the Subject line."),
    ("eo-outlook", "echo_orbit", "Mentions Outlook", P, "'Google and Outlook calendars'."),
    ("eo-excited", "echo_orbit", "Sounds excited", NA, "Tone."),
    ("eo-price", "echo_orbit", "Mentions the price", F, "No price."),
    # ---------------- ECHO: tweet (sale) ----------------
    ("et-code", "echo_tweet_sale", "Includes the code FRIDAY25", F, "Only in the echoed instruction line."),
    (
        "et-hash",
        "echo_tweet_sale",
        "Includes the hashtag #BlackFriday",
        F,
        "Only in the echoed instruction line; the tweet's hashtag is #StationeryLove.",
    ),
    (
        "et-bf",
        "echo_tweet_sale",
        "Mentions Black Friday",
        F,
        "Only in the echoed '#BlackFriday'; the tweet says 'biggest sale of the year'.",
    ),
    ("et-25", "echo_tweet_sale", "Mentions 25% off", P, "'25% off every notebook'."),
    ("et-emoji", "echo_tweet_sale", "Includes an emoji", P, "\U0001f6cd\ufe0f."),
    ("et-end", "echo_tweet_sale", "Says when the sale ends", PN, "'until Monday midnight'."),
    # ---------------- ECHO: cover letter (Finch) ----------------
    ("ec-80k", "echo_cover_finch", "Mentions $80,000", F, "Only in the echoed instruction line above the letter."),
    ("ec-sept", "echo_cover_finch", "Mentions a September start date", F, "Only in the echoed instruction line."),
    (
        "ec-company",
        "echo_cover_finch",
        "Names Finch Studio",
        P,
        "'the UX Designer role at Finch Studio' in the letter.",
    ),
    ("ec-quant", "echo_cover_finch", "Quantifies an achievement", PN, "'lifted completion by 18%'."),
    ("ec-5yrs", "echo_cover_finch", "Mentions five years of experience", P, "'Over five years'."),
    ("ec-portfolio", "echo_cover_finch", "Includes a link to a portfolio", F, "No link."),
    # ---------------- ECHO: recipe (banana bread) ----------------
    (
        "eb-3steps",
        "echo_banana",
        "Uses a numbered list of 3 steps",
        F,
        "The method is one prose paragraph; 'numbered list of 3 steps' is only in the echoed title.",
    ),
    (
        "eb-50",
        "echo_banana",
        "Mentions the baking time of 50 minutes",
        F,
        "Only in the echoed title; the method says 'until a skewer comes out clean'.",
    ),
    ("eb-vegan", "echo_banana", "Is vegan", PN, "No animal products in the ingredients - judged by knowledge."),
    ("eb-temp", "echo_banana", "Includes the oven temperature", P, "'bake at 180\u00b0C'."),
    ("eb-ingr", "echo_banana", "Lists the ingredients", P, "'Ingredients:' line."),
    ("eb-eggs", "echo_banana", "Uses eggs", F, "No eggs."),
    ("eb-tasty", "echo_banana", "Sounds delicious", NA, "Taste."),
    # ---------------- ECHO: job post (barista) ----------------
    ("ej-pay", "echo_barista", "Mentions the pay of \u00a312.60 an hour", F, "Only in the echoed instruction line."),
    ("ej-weekend", "echo_barista", "Says weekend availability is required", F, "Only in the echoed instruction line."),
    ("ej-hours", "echo_barista", "Mentions the hours per week", P, "'around 20 hours a week'."),
    ("ej-apply", "echo_barista", "Explains how to apply", P, "'To apply, drop your CV at the counter or email ...'."),
    ("ej-training", "echo_barista", "Mentions training", P, "'we\u2019ll train you'."),
    (
        "ej-exp",
        "echo_barista",
        "Requires previous barista experience",
        FN,
        "'Experience ... is a bonus but not essential'; a word match on 'experience' would mislead.",
    ),
    ("ej-welcoming", "echo_barista", "Is welcoming", NA, "Tone."),
    # ---------------- ECHO: SQL (recent orders) ----------------
    (
        "es-limit",
        "echo_sql_recent",
        "Includes a SQL LIMIT clause",
        F,
        "'LIMIT' appears only in the comment that copies the instruction; the query has none.",
    ),
    (
        "es-desc",
        "echo_sql_recent",
        "Orders by created_at descending",
        F,
        "'ORDER BY created_at' is ascending; 'descending' is only in the echoed comment.",
    ),
    ("es-orders", "echo_sql_recent", "Selects from the orders table", P, "'FROM orders'."),
    ("es-10", "echo_sql_recent", "Returns only 10 rows", F, "No row limit."),
    ("es-semicolon", "echo_sql_recent", "Ends with a semicolon", P, "'ORDER BY created_at;'."),
    ("es-orderby", "echo_sql_recent", "Includes an ORDER BY clause", P, "'ORDER BY created_at'."),
    # ---------------- ECHO: support reply (outage) ----------------
    (
        "eu-apol",
        "echo_outage",
        "Apologises for the outage",
        F,
        "'apologise for the outage' is only the echoed brief; no apology is made.",
    ),
    ("eu-999", "echo_outage", "Mentions the 99.9% uptime guarantee", F, "Only in the echoed brief."),
    ("eu-credit", "echo_outage", "Offers a one-month service credit", F, "Only in the echoed brief."),
    ("eu-cause", "echo_outage", "Explains the cause of the outage", PN, "'because of a failed database migration'."),
    (
        "eu-when",
        "echo_outage",
        "States when the outage happened",
        PN,
        "'Your dashboards were unavailable between 09:10 and 10:45 UTC on Tuesday' - 'outage' itself is only in the echo.",
    ),
    ("eu-greet", "echo_outage", "Greets the customer by name", P, "'Hi Priya,'."),
    (
        "eu-prevent",
        "echo_outage",
        "Describes what was done to prevent a repeat",
        PN,
        "'added a check that blocks migrations that haven\u2019t passed staging'.",
    ),
    ("eu-empathetic", "echo_outage", "Is empathetic", NA, "Tone."),
    (
        "eu-comp",
        "echo_outage",
        "Offers any compensation",
        FN,
        "Nothing is offered; only the echoed brief talks of a credit.",
    ),
    # ---------------- ECHO: haiku (moon) ----------------
    ("eh-moon", "echo_haiku_moon", "Mentions the moon", F, "Only in the echoed heading; the poem has no moon."),
    (
        "eh-autumn",
        "echo_haiku_moon",
        "Mentions autumn",
        F,
        "The word is only in the echoed heading; the poem never names the season.",
    ),
    (
        "eh-575",
        "echo_haiku_moon",
        "Follows a 5-7-5 syllable pattern",
        PN,
        "ma-ple leaves let go (5) / one by one the bran-ches learn (7) / how light they can be (5).",
    ),
    ("eh-nature", "echo_haiku_moon", "Is about nature", PN, "Leaves and branches - by meaning."),
    ("eh-beautiful", "echo_haiku_moon", "Is beautiful", NA, "Taste."),
    ("eh-leaves", "echo_haiku_moon", "Mentions leaves", P, "'maple leaves'."),
    # ---------------- ECHO: press release (Verdant) ----------------
    (
        "ev-quote",
        "echo_press_verdant",
        "Includes a quote from the CEO",
        F,
        "No quotation; the phrase is only in the echoed headline.",
    ),
    ("ev-12m", "echo_press_verdant", "Mentions $12 million", F, "Only in the echoed headline parenthesis."),
    (
        "ev-investor",
        "echo_press_verdant",
        "Names the lead investor",
        F,
        "Northgate Ventures is named only in the echoed instruction.",
    ),
    ("ev-dateline", "echo_press_verdant", "Includes a dateline", P, "'BOSTON, 12 May 2025 \u2014'."),
    ("ev-140", "echo_press_verdant", "Mentions 140 farms", P, "'in 140 farms'."),
    # ---------------- ECHO: meeting summary ----------------
    (
        "em-attendees",
        "echo_meeting_summary",
        "Lists the attendees",
        F,
        "Only the echoed '(list the attendees ...)'; no names.",
    ),
    (
        "em-actions",
        "echo_meeting_summary",
        "Includes action items with owners",
        F,
        "Only in the echoed heading; no owners in the summary.",
    ),
    (
        "em-date",
        "echo_meeting_summary",
        "Mentions the new relaunch date",
        PN,
        "'from 2 June to 16 June' - which date is the new one is read from meaning.",
    ),
    ("em-free", "echo_meeting_summary", "Mentions the free tier", P, "'keep the free tier'."),
    (
        "em-max3",
        "echo_meeting_summary",
        "At most 3 sentences",
        P,
        "3 sentences in the summary; the echoed heading is a fragment.",
    ),
    (
        "em-decision",
        "echo_meeting_summary",
        "Records a decision on the free tier",
        FN,
        "'no decision yet' - the word 'decision' appears but nothing was decided.",
    ),
    (
        "em-legal",
        "echo_meeting_summary",
        "Mentions the legal review",
        PN,
        "'Legal still needs to review the updated terms'.",
    ),
    # ---------------- ECHO: LinkedIn (10k) ----------------
    (
        "el-3hash",
        "echo_linkedin_10k",
        "Uses at least 3 hashtags",
        F,
        "One hashtag; '3 hashtags' is only the echoed instruction.",
    ),
    (
        "el-team",
        "echo_linkedin_10k",
        "Thanks the team",
        F,
        "'thank the team' is only in the echoed heading; the post thanks nobody.",
    ),
    (
        "el-10k",
        "echo_linkedin_10k",
        "Mentions the 10,000th customer",
        PN,
        "The post says 'customer number 10,000'; the exact phrase is only in the echo.",
    ),
    ("el-cork", "echo_linkedin_10k", "Mentions Cork", P, "'a bakery in Cork'."),
    ("el-emoji", "echo_linkedin_10k", "Includes an emoji", P, "\U0001f389."),
    # ---------------- ECHO: README install ----------------
    (
        "er-pip",
        "echo_readme_install",
        "Includes a pip install command",
        F,
        "Only in the echoed heading; the text gives 'poetry install' and prose.",
    ),
    ("er-pyver", "echo_readme_install", "Mentions the minimum Python version", F, "Only in the echoed heading."),
    ("er-39", "echo_readme_install", "Mentions Python 3.9", F, "Only in the echoed heading."),
    ("er-poetry", "echo_readme_install", "Mentions Poetry", P, "'If you use Poetry'."),
    (
        "er-heading",
        "echo_readme_install",
        "Has a Markdown heading",
        F,
        "The first line is plain text, not a '#' heading.",
    ),
    # ---------------- additional judgement rows ----------------
    ("recipe-impress", "recipe_chicken", "Would impress dinner guests", NA, "Taste."),
    (
        "recipe-done",
        "recipe_chicken",
        "Explains how to tell when the chicken is cooked",
        PN,
        "'until the juices run clear'.",
    ),
    ("sqlret-best", "sql_returns", "Follows SQL best practices", NA, "A judgement."),
    ("json-prod", "json_billing", "Is sensibly configured for production", NA, "A judgement."),
    ("job-attract", "job_backend", "Would attract senior candidates", NA, "A judgement."),
    (
        "job-interview",
        "job_backend",
        "Explains the interview process",
        FN,
        "Only how to apply; no interview stages - needs understanding.",
    ),
    ("mtg-skim", "meeting_roadmap", "Is easy to skim", NA, "A judgement."),
    ("rd-written", "readme_tidewatch", "Is well written", NA, "A judgement."),
    ("pr-headline", "press_harbor", "Has a strong headline", NA, "Taste."),
    (
        "pr-lisbonwhy",
        "press_harbor",
        "Explains why Lisbon was chosen",
        PN,
        "The CEO quote: 'Lisbon\u2019s hills were the perfect test for our new mid-drive motor'.",
    ),
    ("cl8-helpful", "changelog_180", "Is helpful to users", NA, "A judgement."),
    (
        "cl8-why",
        "changelog_180",
        "Explains why legacy-auth was removed",
        FN,
        "Only says it was removed (and deprecated); no reason.",
    ),
    ("cron-practice", "cron_backup", "Follows shell scripting best practices", NA, "A judgement."),
    ("yml-structured", "yaml_ci", "Is well structured", NA, "A judgement."),
    ("sl-convince", "slides_onboarding", "Would convince leadership", NA, "A judgement."),
    ("cm-good", "commit_session", "Is a good commit message", NA, "A judgement."),
    ("dk-practice", "dockerfile_app", "Follows Docker best practices", NA, "A judgement."),
    ("cb-sell", "classified_bike", "Would sell the bike quickly", NA, "A judgement."),
    ("sms-friendly", "sms_dental", "Is friendly", NA, "Tone."),
    ("sms-policy", "sms_dental", "Explains the cancellation policy", FN, "Only how to reschedule; no policy."),
    ("ev-compelling", "echo_press_verdant", "Is compelling", NA, "Taste."),
    (
        "ev-use",
        "echo_press_verdant",
        "Explains what the funding will be used for",
        PN,
        "'double its engineering team and open a pilot facility in Rotterdam'.",
    ),
    (
        "tweet-app",
        "tweet_kettle",
        "Explains how the kettle connects to the app",
        FN,
        "Says you 'get a ping' but not how it connects.",
    ),
    ("lamp-assembly", "product_lamp", "Explains how to assemble the lamp", FN, "No assembly information."),
    (
        "lim-name",
        "limerick_baker",
        "Gives the baker's name",
        FN,
        "She is only 'a baker'; spotting a missing name needs understanding.",
    ),
    ("haiku-city", "haiku_train", "Names a specific city", FN, "No place is named."),
    ("inv-transit", "invite_market", "Explains how to get there by public transport", FN, "Only the address."),
    (
        "li-metric",
        "linkedin_habit",
        "Shares a specific metric or result",
        FN,
        "'shaped more of our roadmap' is unquantified; needs understanding.",
    ),
    ("bug-rootcause", "bug_safari", "Identifies the root cause", FN, "Reports the console error only; no diagnosis."),
    ("rev-compare", "review_crumb", "Compares it with another bakery", FN, "No other bakery is mentioned."),
    ("ooo-sorry", "ooo_ben", "Apologises for the delay in responding", FN, "Thanks the sender but does not apologise."),
    (
        "ooo-when",
        "ooo_ben",
        "Says when non-urgent emails will be answered",
        PN,
        "'Everything else I\u2019ll answer when I\u2019m back' (back on 14 April).",
    ),
    ("ty-health", "thankyou_scarf", "Asks how the recipient is", FN, "No question about her wellbeing."),
    (
        "ty-maker",
        "thankyou_scarf",
        "Acknowledges that the recipient made the gift herself",
        PN,
        "'hand-knitted' and 'you started it back in October'.",
    ),
    (
        "bl-costs",
        "blog_balcony",
        "Gives the cost of each upgrade",
        FN,
        "The upgrades are not listed; only one \u00a33 item is priced.",
    ),
    ("ep-differ", "echo_pebble", "Explains how Pebble differs from other meditation apps", FN, "No comparison."),
    (
        "eo-pain",
        "echo_orbit",
        "Addresses a pain point of the reader",
        PN,
        "'your next planning meeting will take minutes, not emails'.",
    ),
    ("et-products", "echo_tweet_sale", "Names the products on sale", PN, "'every notebook, pen and planner'."),
    ("eb-done", "echo_banana", "Explains how to tell when the bread is done", PN, "'until a skewer comes out clean'."),
    ("ej-location", "echo_barista", "Says where the caf\u00e9 is", FN, "No address or area."),
    (
        "es-ties",
        "echo_sql_recent",
        "Breaks ties when orders share a created_at value",
        FN,
        "ORDER BY has a single key; needs SQL understanding.",
    ),
    ("su-each", "standup", "Summarises what each person worked on", FN, "Updates are per team, not per person."),
    (
        "ap-help",
        "apology_order",
        "Offers further help",
        PN,
        "'just reply to this email and I\u2019ll personally chase it'.",
    ),
    (
        "sp-founders",
        "speech_anniversary",
        "Says how many people founded the company",
        PN,
        "'six of us rented a garage' - founders by inference.",
    ),
]

# Rows whose criterion appears in the draft only inside a copied task instruction.
ECHO_IDS = {
    "ep-trial",
    "ep-price",
    "eo-trial",
    "eo-endq",
    "et-code",
    "et-hash",
    "et-bf",
    "ec-80k",
    "ec-sept",
    "eb-3steps",
    "eb-50",
    "ej-pay",
    "ej-weekend",
    "es-limit",
    "es-desc",
    "eu-apol",
    "eu-999",
    "eu-credit",
    "eh-moon",
    "eh-autumn",
    "ev-quote",
    "ev-12m",
    "ev-investor",
    "em-attendees",
    "em-actions",
    "el-3hash",
    "el-team",
    "er-pip",
    "er-pyver",
    "er-39",
}

ROWS = [
    {
        "id": rid,
        "domain": DOMAIN[key],
        "criterion": crit,
        "draft": D[key],
        "task": TASK.get(key, ""),
        "label": label,
        "why": why,
    }
    for (rid, key, crit, label, why) in R
]
