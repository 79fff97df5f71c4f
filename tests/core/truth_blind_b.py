"""Blind truth set B for the rubric-criterion grader.

Written without reading the grader's code, docs, tests or other truth sets.
Each row: id, domain, criterion, draft, task, label, why.
Labels: "pass", "fail", "n/a", "pass|n/a", "fail|n/a" (see README.md).
ECHO_IDS lists rows whose criterion is only "met" by an instruction the draft
copied verbatim from the task; those are labelled "fail".
"""

# ---------------------------------------------------------------------------
# Drafts
# ---------------------------------------------------------------------------

WEDDING = """Good evening, everyone! For those who don't know me, I'm Priya, Maya's older sister and, for the record, the person who taught her to ride a bike.

When Maya first brought Daniel home, he spent twenty minutes fixing our dad's wobbly garden gate before he even sat down. Dad has trusted him ever since.

Maya, you are fearless. Daniel, you are patient. Together you make a team that can survive anything, including flat-pack furniture and a road trip to Galway in the rain.

So please raise your glasses: to Maya and Daniel, and to a lifetime of fixed gates and open doors. Cheers!"""

GRANT = """Project Title: Low-Cost Soil Moisture Sensing for Smallholder Farms in the Sahel

Abstract
Over sixty percent of farms in Burkina Faso and Niger rely on rain-fed agriculture, yet fewer than 5% of smallholders have access to soil moisture data. This project will develop and field-test a solar-powered sensor costing under $25 per unit. Over 24 months, we will deploy 400 sensors across 12 villages in partnership with the Ouagadougou Agricultural Cooperative. We expect participating farmers to reduce irrigation water use by 30% while maintaining yields. All hardware designs and data will be released under open licences. The total requested budget is $248,500."""

POSTMORTEM = """# Postmortem: Checkout API outage (INC-2291)

**Date:** 2024-03-14
**Severity:** SEV-2
**Author:** Lena Fischer

## Summary
From 09:15 to 09:59 UTC (44 minutes), roughly 18% of checkout requests returned HTTP 503. No payment data was lost.

## Timeline (UTC)
- 09:12 - Deploy of checkout-api v4.8.0 begins
- 09:15 - Health checks on port 8080 start failing
- 09:21 - On-call engineer paged by PagerDuty
- 09:47 - Rollback to v4.7.3 initiated
- 09:59 - Error rate back to baseline

## Root Cause
The new container image read `DB_POOL_SIZE` as a string, and the process crashed at startup with exit code 1. Kubernetes kept restarting the pods, so serving capacity dropped.

## Action Items
1. Add config type validation to CI (owner: Lena, due 2024-03-29)
2. Alert on CrashLoopBackOff within 5 minutes (owner: Tom)
3. Document rollback steps in the runbook"""

TERRAFORM = """Here's a minimal Terraform config for the log bucket with versioning turned on:

```hcl
resource "aws_s3_bucket" "logs" {
  bucket = "acme-prod-logs"

  tags = {
    Environment = "production"
    Team        = "platform"
  }
}

resource "aws_s3_bucket_versioning" "logs" {
  bucket = aws_s3_bucket.logs.id

  versioning_configuration {
    status = "Enabled"
  }
}
```

Run `terraform plan` before applying. Note that S3 bucket names must be globally unique, so you may need to change `acme-prod-logs`."""

DOCKERFILE = """```dockerfile
FROM python:3.12-slim

WORKDIR /app

COPY requirements.txt .
RUN pip install --no-cache-dir -r requirements.txt

COPY . .

EXPOSE 8000
USER nobody
CMD ["gunicorn", "--bind", "0.0.0.0:8000", "app:server"]
```

Build it with `docker build -t invoice-api .` and run it with `docker run -p 8000:8000 invoice-api`."""

REGEX = r"""The pattern `^\d{3}-\d{4}$` matches a seven-digit phone number written with a hyphen, such as 555-0199.

- `^` anchors the match to the start of the string.
- `\d{3}` matches exactly three digits.
- `-` matches a literal hyphen.
- `\d{4}` matches exactly four digits.
- `$` anchors the match to the end of the string.

Because of the anchors, `call 555-0199 now` will not match. If you want to find numbers inside longer text, replace `^` and `$` with word boundaries (`\b`)."""

CROSSWORD = """Mini Crossword: In the Kitchen

Across
1. They're beaten before an omelette (4) - EGGS
4. Brewed drink, often with milk (3) - TEA
5. Flipper of pancakes (7) - SPATULA

Down
2. Where the roast goes (4) - OVEN
3. Soup server with a long handle (5) - LADLE"""

RETURNS = """Returns & Refunds

We want you to love your purchase. If you don't, you can return most items within 30 days of delivery for a full refund, no questions asked.

To be eligible, items must be unused and in their original packaging. Sale items marked "Final Sale" cannot be returned.

To start a return, email returns@harborandpine.com with your order number. We'll send a prepaid shipping label within 2 business days. Refunds are issued to your original payment method within 5-7 business days after we receive the item.

Questions? Call us at 1-800-555-0142, Monday to Friday, 9 a.m. to 5 p.m. ET."""

COLD_EMAIL_TASK = "Write a cold email to Marco, the owner of Rosa's Trattoria, introducing TablePilot, our reservation software. Keep it under 120 words and mention the 14-day free trial."
COLD_EMAIL = """Keep it under 120 words and mention the 14-day free trial.

Subject: Fewer no-shows at Rosa's Trattoria

Hi Marco,

I had dinner at Rosa's last Friday, and the cacio e pepe was worth the 40-minute wait. That wait, though, is something TablePilot can fix.

TablePilot lets guests book online, sends automatic SMS reminders, and fills cancelled tables from a waitlist. Restaurants like yours cut no-shows by 35% on average.

Would you be open to a 15-minute call next Tuesday or Wednesday?

Best,
Jordan Reyes
Account Executive, TablePilot
jordan@tablepilot.io"""

PODCAST = """Episode 112: Why Your Sourdough Isn't Rising (with baker Ana Lima)

This week, host Sam Patel talks with Ana Lima, head baker at O'Brien's Bakery in Cork, about the science of wild yeast. Ana explains why hydration matters more than flour brand, and shares her three-day starter rescue plan.

In this episode:
- 02:15 How Ana got into baking
- 11:40 The hydration myth
- 24:05 Rescuing a sluggish starter
- 38:30 Listener questions

Links mentioned:
- O'Brien's Bakery: obriensbakery.ie
- Ana's starter guide (PDF)

Enjoyed the show? Leave us a review on Apple Podcasts. It really helps!"""

MUSEUM = """Water Jar (Hydria)
Greece, Athens, about 510 B.C.
Terracotta, black-figure technique
Gift of Eleanor & James Whitcombe, 1962 (62.114)

Women in ancient Athens carried water from public fountains in jars like this one. The scene on the body shows exactly that: five women at a fountain house, their jars balanced on their heads. Notice the lion-head spouts pouring water. The painter added white for the women's skin, a convention that set them apart from the men in other scenes.

Hydriai had three handles: two horizontal ones for lifting and a vertical one for pouring."""

LISTING = """Sunny 3-Bed Craftsman Near Lincoln Park | $685,000

Welcome to 2214 Alder Street, a lovingly updated 1924 Craftsman with 3 bedrooms, 2 bathrooms, and 1,850 sq ft of living space. The renovated kitchen features quartz counters, a gas range, and a walk-in pantry. Original oak floors run throughout.

Out back, a fenced 6,000 sq ft lot offers raised garden beds and a detached one-car garage. Lincoln Park and the Saturday farmers' market are a 5-minute walk away.

Open house: Sunday, June 9, 1-4 p.m.
Contact Dana Whitfield, Whitfield & Co. Realty, (503) 555-0178."""

MED_SMS = "Hi Gloria, this is Maple Street Pharmacy. Reminder: take 1 tablet of lisinopril 10 mg with water at 8:00 a.m. today. Your refill is ready for pickup. Reply STOP to opt out."

HR_POLICY = """Remote Work Policy
Effective: 1 September 2024 | Owner: People Team

1. Eligibility
Employees who have completed their 90-day probation period may work remotely up to three days per week, with manager approval.

2. Core Hours
Remote employees must be available between 10:00 and 15:00 in their local time zone.

3. Equipment
The company provides a laptop and a one-time home-office stipend of €500. Employees are responsible for a reliable internet connection.

4. Security
Company data must only be accessed over the corporate VPN. Lost or stolen devices must be reported to IT within 24 hours.

Questions about this policy should be directed to hr@northwind.eu."""

BOARDGAME = """Harbor Hustle: Quick Rules

Players: 2-4 | Ages: 10+ | Time: 30 minutes

Goal: Be the first to deliver 5 cargo crates to the lighthouse.

Setup
1. Place the board in the middle of the table.
2. Give each player a boat token and 3 coins.
3. Shuffle the Weather deck and place it face down.

On your turn
1. Roll the die and move your boat that many spaces.
2. If you land on a dock, you may buy a crate for 2 coins.
3. Draw a Weather card and follow it.

Winning
The first player to drop off their fifth crate at the lighthouse wins. If the Weather deck runs out, the player with the most crates delivered wins."""

TRAVEL = """★★★★☆ Great location, thin walls

Stayed 3 nights at the Hotel Lisboa Azul in March. The location is unbeatable: a 2-minute walk to Rossio station and surrounded by pastry shops. Staff at the front desk, especially Inês, gave us excellent restaurant tips.

The room was clean but small, and the walls were so thin we could hear our neighbours' TV until midnight. Breakfast (€12 per person) was fresh but repetitive.

Would I stay again? Yes, but I'd ask for a room on a higher floor.

Tip: the rooftop bar is open to non-guests, so go at sunset even if you stay elsewhere."""

SCHOOL = """Amara has made excellent progress in reading this term. She now reads chapter books independently and can summarise a story in her own words. In maths, she is confident with addition and subtraction to 100 but still finds word problems challenging. Next term, we will focus on reading word problems carefully and drawing a picture to plan her answer. Amara is a kind classmate who often helps others tidy up. Well done, Amara!"""

TWEET = "We messed up. Yesterday's update to the Brightly app logged some of you out and wiped unsaved drafts. That's on us, and we're sorry. A fix (v3.4.1) is rolling out now, and anyone affected gets 1 month of Premium free. Details: brightly.app/status #BrightlyUpdate"

VOLUNTEER = """Volunteers Needed: Riverside Cleanup Day!

Join the Friends of Millbrook River on Saturday, April 20, from 9 a.m. to noon. We're meeting at the Elm Street boat launch.

We need 40 volunteers to:
- Pick up litter along the riverbank
- Sort recyclables
- Help with sign-in and snacks

Last year, 85 volunteers removed 1 200 kg of rubbish from the river. Gloves, bags, and coffee are provided. Wear closed-toe shoes you don't mind getting muddy. Volunteers under 16 must come with an adult.

Sign up by April 15 at millbrookriver.org/cleanup. Every pair of hands makes a difference!"""

STATUS = """Subject: Weekly Status: Mobile App Redesign (Week 14)

Hi team,

Here's where we are this week.

Done
- Finished the new onboarding screens (Figma to iOS)
- Closed 23 of 31 open accessibility bugs

In progress
- Android onboarding, 60% complete
- Payment screen redesign (blocked on API changes from the Payments team)

Risks
- If the Payments API isn't ready by May 3, the beta slips by one week.

Next week we'll start usability testing with 8 customers.

Thanks,
Kenji"""

UNITTEST = """```python
import pytest
from cart import Cart


def test_empty_cart_total_is_zero():
    cart = Cart()
    assert cart.total() == 0


def test_add_item_increases_total():
    cart = Cart()
    cart.add("apple", price=1.25, qty=4)
    assert cart.total() == 5.0


def test_negative_quantity_raises():
    cart = Cart()
    with pytest.raises(ValueError):
        cart.add("apple", price=1.25, qty=-1)
```"""

GRAPHQL = """```graphql
query GetUserOrders($userId: ID!, $first: Int = 10) {
  user(id: $userId) {
    id
    name
    orders(first: $first, status: SHIPPED) {
      edges {
        node {
          id
          total
          createdAt
        }
      }
      pageInfo {
        hasNextPage
        endCursor
      }
    }
  }
}
```"""

CSV_SPEC = """orders_export.csv: column specification

| Column | Type | Required | Notes |
|---|---|---|---|
| order_id | string | yes | Format ORD-000123 |
| customer_email | string | yes | Lowercased |
| created_at | ISO 8601 datetime | yes | UTC, e.g. 2024-05-01T13:45:00Z |
| total_cents | integer | yes | Amount in cents; 1250 = €12.50 |
| currency | string | yes | ISO 4217 code, e.g. EUR |
| coupon_code | string | no | Empty if none |

Delimiter: comma. Encoding: UTF-8 without BOM. The first row is the header."""

HTML = """```html
<form action="/subscribe" method="post">
  <label for="email">Email address</label>
  <input type="email" id="email" name="email" required placeholder="you@example.com">
  <button type="submit">Subscribe</button>
</form>
```

The `required` attribute blocks empty submissions, and `type="email"` gives mobile users the right keyboard."""

ERROR_COPY = """1. **Couldn't upload "Q3-report.mov"**
   This file is 3.1 GB. The limit is 2.5 GB. Try compressing it or uploading a shorter clip.
   Button: Choose another file

2. **You're offline**
   We'll retry automatically when your connection is back. Your changes are saved on this device.
   Button: Dismiss

3. **Password doesn't match**
   Check for typos or Caps Lock, then try again. Forgot it? Reset your password.
   Button: Try again"""

ONBOARDING = """Welcome to Fernhill Labs! Your first-week checklist

Day 1
- [ ] Collect your laptop and badge from IT (Room 2.14)
- [ ] Set up 2FA on your Google Workspace account
- [ ] Join #general and #new-hires on Slack

Days 2-3
- [ ] Complete the security awareness training (45 min)
- [ ] Read the engineering handbook
- [ ] Schedule a 1:1 with your buddy, Marisol

By Friday
- [ ] Ship your first small PR
- [ ] Fill in the onboarding feedback form

Stuck on anything? Ask in #new-hires. No question is too small."""

SONNET = """The Keeper's Last Night

For forty years I climbed these iron stairs
to wake the lamp when evening dimmed the bay,
and carried up my coffee and my cares
until the morning light reclaimed the day.
The ships that passed me never knew my name;
they only knew the beam that turned and turned.
To them the keeper and the clock the same,
a steady thing, a fire that always burned.
Tonight the men from town have wired the tower
so that it needs no hand, no sleepless eye;
it wakes itself precisely on the hour
and will not notice when I say goodbye.
So let the lamp burn on without my care:
I leave my forty winters on the stair."""

VILLANELLE = """Refrain for the Road

I leave the porch light burning every night
and keep your boots beside the kitchen door
in case the road should bring you into sight.

The neighbours think my hoping isn't right;
they count the winters, three now, maybe more.
I leave the porch light burning every night.

I set two cups and fold the napkins tight
and sweep the leaves you tracked across the floor
in case the road should bring you into sight.

The moths keep circling, foolish in their flight,
as if the glow were worth their dying for.
I leave the porch light burning every night.

I know you may have found a kinder light
beyond the hills, along some other shore,
in case the road should bring you into sight.

But still, at dusk, I check the bulb is tight
and wipe the glass the way I did before.
I leave the porch light burning every night
in case the road should bring you into sight."""

ACROSTIC = """Snowmelt hurries down the hill,
Petals open, soft and still,
Robins argue on the fence,
Insects hum in green suspense,
New leaves shiver in the rain,
Gardens wake to grow again."""

TRANSLATION = """Translator's note

In chapter 4, the grandmother calls the narrator *mijo*, a contraction of *mi hijo* ("my son"). I kept the Spanish word rather than translating it as "sonny" or "dear," because the English options sound either dated or generic, and *mijo* carries both affection and a hint of scolding that matter in this scene. Readers will meet the word 11 times; its meaning should be clear from context after the first use.

I also kept "abuela" untranslated, following the author's own English-language interviews. All other dialogue has been rendered into standard American English.

R. Castillo"""

PR_DESC = """## Add rate limiting to /api/login

Closes #482.

### What
- Adds a token-bucket limiter (5 attempts per minute per IP) to the login endpoint
- Returns HTTP 429 with a `Retry-After` header when the limit is hit
- Adds a `RATE_LIMIT_ENABLED` env var (default: `true`)

### Why
We saw 12,000 failed login attempts from a single IP range last week (see INC-2307).

### Testing
- Unit tests for the limiter in `tests/test_rate_limit.py`
- Manually verified with `hey -n 20 http://localhost:8080/api/login`

### Notes for reviewers
The limiter is in-memory for now, so Redis is not required. We'll move it to Redis in a follow-up."""

ADVISORY = """Security Advisory SA-2024-007
Severity: High (CVSS 8.1)
Affected: Ledgerly Server 2.0.0 through 2.3.4
Fixed in: 2.3.5

Summary
A path traversal vulnerability in the file export endpoint allows an authenticated user to read arbitrary files on the server, including configuration files containing database credentials.

Who is affected
Self-hosted installations running an affected version. Ledgerly Cloud customers were patched on 12 May 2024 and need take no action.

Remediation
Upgrade to version 2.3.5 or later. If you cannot upgrade immediately, block requests to /api/export that contain "../" at your reverse proxy.

Credit
Reported by Yuki Tanaka of Northgate Security.

CVE: CVE-2024-31877"""

NUTRITION = """Nutrition Facts
8 servings per container
Serving size 2/3 cup (55g)

Calories 230

Total Fat 8g  10%
  Saturated Fat 1g  5%
  Trans Fat 0g
Cholesterol 0mg  0%
Sodium 160mg  7%
Total Carbohydrate 37g  13%
  Dietary Fiber 4g  14%
  Total Sugars 12g
    Includes 10g Added Sugars  20%
Protein 3g

Contains: wheat, soy. Made in a facility that also processes tree nuts."""

SQL = """```sql
SELECT c.customer_id,
       c.email,
       COUNT(o.order_id) AS order_count,
       SUM(o.total_cents) / 100.0 AS revenue_eur
FROM customers c
JOIN orders o ON o.customer_id = c.customer_id
WHERE o.created_at >= DATE '2024-01-01'
  AND o.status <> 'cancelled'
GROUP BY c.customer_id, c.email
HAVING COUNT(o.order_id) >= 3
ORDER BY revenue_eur DESC
LIMIT 50;
```

This returns the top 50 repeat customers (3+ orders) by 2024 revenue, excluding cancelled orders."""

CHANGELOG = """## [3.0.0] - 2024-06-03

### Breaking changes
- Dropped support for Node.js 16. The minimum is now Node.js 18.
- `config.timeout` is now in milliseconds (was seconds).

### Added
- `--dry-run` flag for the `deploy` command.
- Support for `.env.local` files.

### Fixed
- Crash when the project path contained spaces (#1193).
- Failed uploads returned exit code 0; they now return exit code 1."""

RECIPE = """Lemon-Garlic Roast Chicken Thighs
Serves 4 · Prep 10 min · Cook 40 min

Ingredients
- 8 bone-in chicken thighs
- 2 lemons
- 6 garlic cloves, smashed
- 2 tbsp olive oil
- 1 tsp salt
- ½ tsp black pepper

Method
1. Heat the oven to 220°C (425°F).
2. Toss everything in a roasting tin, squeezing the lemons over and tucking the squeezed halves between the thighs.
3. Roast skin-side up for 40 minutes, until the skin is crisp and the juices run clear.
4. Rest for 5 minutes before serving."""

LINKEDIN = """After 7 years at Deloitte, I'm starting a new chapter. 🚀

Today is my first day as Head of Data at GreenGrid Energy, where we're helping utilities predict demand so fewer gas peaker plants need to run.

Three things I learned in consulting that I'm bringing with me:
1. Start with the decision, not the data.
2. A simple model in production beats a perfect one in a notebook.
3. Write things down.

Huge thanks to everyone who mentored me along the way. You know who you are.

We're hiring analysts in Austin and Denver. DM me if you're curious!

#NewJob #DataScience #ClimateTech"""

COVER_TASK = "Write a cover letter for a junior UX designer role at Lumen Health. Mention my Google UX certificate and keep it to three paragraphs. My name is Ayesha Khan; I used to be a pharmacy technician."
COVER = """Mention my Google UX certificate and keep it to three paragraphs.

Dear Hiring Manager,

I'm excited to apply for the Junior UX Designer position at Lumen Health. As a former pharmacy technician, I've seen firsthand how confusing medication instructions can be, and I want to design tools that make healthcare easier to navigate.

Over the past year I redesigned the appointment booking flow for a local clinic as a volunteer project. Usability testing with 12 patients showed task completion rising from 58% to 91%. I also built a high-fidelity prototype in Figma for a medication tracker, which you can view in my portfolio at ayeshakhan.design.

I would love to bring my empathy for patients and my research skills to Lumen Health. Thank you for considering my application.

Sincerely,
Ayesha Khan"""

TACO_TASK = "Write a short Instagram caption for Taco Tuesday at Casa Verde. Keep it under 50 words, mention the 2-for-1 margaritas, and end with a question."
TACO = """Taco Tuesday is back at Casa Verde! 🌮 Fresh tortillas, slow-braised carnitas, and our famous salsa verde, all night long. Bring your crew and grab a table on the patio.

(Keep it under 50 words, mention the 2-for-1 margaritas, and end with a question.)

#TacoTuesday #CasaVerde"""

TAX_TASK = "Write a flyer for the Oakridge Library's free tax help sessions. Mention that appointments are required and include the phone number 555-0123."
TAX = """FREE TAX HELP AT OAKRIDGE LIBRARY

Trained IRS-certified volunteers will help you prepare and e-file your 2023 federal and state returns at no cost.

When: Saturdays, February 3 to April 13, 10 a.m. to 2 p.m.
Where: Oakridge Library, Community Room B, 400 Maple Ave.
Who: Households earning $64,000 or less

What to bring:
• Photo ID
• Social Security cards for everyone on your return
• W-2s, 1099s, and last year's return

Mention that appointments are required and include the phone number 555-0123."""

BACKPACK_TASK = "Write a product description for the Trailhead 30L backpack. Use exactly 4 bullet points and mention the lifetime warranty."
BACKPACK = """Trailhead 30L Daypack

Built for long days on the trail and short trips across town, the Trailhead 30L keeps your gear organised and your back cool.

- Weighs just 980 g (2.2 lb)
- Ventilated mesh back panel
- Water-resistant 420D recycled nylon
- Fits a 16-inch laptop
- Side pockets for two 1-litre bottles

Use exactly 4 bullet points and mention the lifetime warranty."""

LIMERICK = """A baker from Bristol named Kate
made scones that were perfectly great.
She sold twenty-two
to a man from Peru,
who ate every one off the plate."""

SUPPORT = """Subject: Re: Order #88123 arrived damaged

Hi Mr. Okafor,

I'm so sorry your Alder & Oak ceramic vase arrived cracked. That's not the experience we want for anyone.

I've issued a full refund of $64.00 to your Visa ending in 4421; you should see it within 3-5 business days. There's no need to send the broken vase back. If you'd still like the vase, I've reserved a replacement for you: just reply "yes" and we'll ship it free of charge.

Thanks for your patience, and again, my apologies.

Warm regards,
Priyanka
Alder & Oak Customer Care"""

MINUTES = """Minutes: Parks Committee, 11 March 2024
Present: J. Alvarez (chair), K. Mensah, L. Novak, P. Singh
Apologies: R. Brooks

1. Playground resurfacing
The committee reviewed three quotes. K. Mensah moved to accept the SafePlay quote of £18,400; seconded by P. Singh. Carried 3-1.

2. Dog-free zones
Deferred to April pending the public survey results.

3. AOB
L. Novak raised concerns about litter bins at Westfield. Action: L. Novak to request two additional bins from the council by 25 March.

Next meeting: 8 April 2024, 7 p.m., Town Hall Room 3."""

API_DOC = """### `DELETE /v2/projects/{project_id}`

Permanently deletes a project and all of its environments.

**Authentication:** Bearer token with the `projects:write` scope.

**Path parameters**

| Name | Type | Description |
|---|---|---|
| `project_id` | string | The project's ID, e.g. `prj_8fK2` |

**Responses**
- `204 No Content`: the project was deleted.
- `403 Forbidden`: the token lacks the `projects:write` scope.
- `404 Not Found`: no project with that ID exists.

> ⚠️ This action cannot be undone.

**Example**
```bash
curl -X DELETE https://api.example.com/v2/projects/prj_8fK2 \\
  -H "Authorization: Bearer $TOKEN"
```"""

PRESS = """FOR IMMEDIATE RELEASE

Harlow & Finch Foundation Awards $1.2 Million to Rural Libraries

SPRINGFIELD, Mass., May 21, 2024 - The Harlow & Finch Foundation today announced $1.2 million in grants to 48 rural libraries across New England. Each library will receive $25,000 to expand broadband access and digital literacy programs.

"Libraries are where many rural residents first get online," said foundation director Carol Nguyen. "These grants help them stay open longer and serve more people."

Grant recipients were selected from 212 applications. The full list is available at harlowfinch.org/2024.

Media contact:
Devin Hale, (413) 555-0190, press@harlowfinch.org

###"""

CI_YAML = """```yaml
name: CI

on:
  push:
    branches: [main]
  pull_request:

jobs:
  test:
    runs-on: ubuntu-latest
    strategy:
      matrix:
        python-version: ["3.10", "3.11", "3.12"]
    steps:
      - uses: actions/checkout@v4
      - uses: actions/setup-python@v5
        with:
          python-version: ${{ matrix.python-version }}
      - run: pip install -r requirements.txt
      - run: pytest -q
```"""

BASH = """```bash
#!/usr/bin/env bash
set -euo pipefail

BACKUP_DIR="/var/backups/db"
STAMP=$(date +%Y-%m-%d)
mkdir -p "$BACKUP_DIR"

pg_dump --format=custom "$DATABASE_URL" > "$BACKUP_DIR/app-$STAMP.dump"

# Keep only the 7 most recent backups
ls -1t "$BACKUP_DIR"/app-*.dump | tail -n +8 | xargs -r rm --

echo "Backup written to $BACKUP_DIR/app-$STAMP.dump"
```"""

COMMIT = """fix(auth): refresh token before expiry instead of after

Tokens were refreshed only after a 401, which caused one failed request
per hour for every active session. We now refresh when less than 60
seconds remain.

Refs: #2291"""

NEWSLETTER_TASK = "Write a short newsletter blurb announcing registration for the Riverbend Writers' Conference (Oct 12-13). Mention the early-bird discount and include the code SPRING24."
NEWSLETTER = """**Registration is open for the Riverbend Writers' Conference!**

Join 300 fellow writers in Riverbend on October 12-13 for two days of workshops, agent pitch sessions, and a keynote by novelist Teresa Ong. Sessions cover everything from first drafts to query letters, and there's a dedicated track for poets.

Seats in the pitch sessions are limited to 60, so register early at riverbendwriters.org.

Mention the early-bird discount and include the code SPRING24.

*Will we see you there?*"""

SLACK_TASK = "Write a Slack announcement about our office move on July 1. Mention that the new address is 200 Harbor Way and that parking is validated."
SLACK = """Mention that the new address is 200 Harbor Way and that parking is validated.

:mega: *We're moving!* :mega:

Hi all! Our last day at the Elm Street office is *Friday, June 28*. Starting *Monday, July 1*, we'll be working from our new space, right above the AT&T store, with twice the meeting rooms and a proper kitchen.

What you need to do:
• Pack your desk by 3 p.m. on June 28 (boxes are in the mailroom)
• Label everything with your name and team
• Take home anything you can't live without over the weekend

Your new badge will be waiting at reception. Questions? Drop them in #office-move. :truck:"""

BARISTA_TASK = "Write a job posting for a part-time barista at Bean There Café in Portland. Include the hourly rate of $18 and say that no experience is needed."
BARISTA = """Part-Time Barista, Bean There Café (Portland, OR)

Love coffee and people? We're looking for a friendly barista to join our small team on weekend mornings.

What you'll do
- Prepare espresso drinks, drip coffee, and teas
- Keep the bar and seating area clean
- Help regulars and first-timers find their new favourite drink

What we offer
- Free drinks on shift and 50% off beans
- Flexible scheduling around school
- Tips shared equally among staff

Hours: 15-20 per week, Saturday and Sunday 6 a.m. to 1 p.m.

Include the hourly rate of $18 and say that no experience is needed.

To apply, email a few lines about yourself to jobs@beanthere.cafe."""

EULOGY_TASK = "Write a short eulogy for my grandfather Walter. Mention his years as a mail carrier and close with a line from his favourite hymn, 'Abide with Me'."
EULOGY = """Mention his years as a mail carrier and close with a line from his favourite hymn, 'Abide with Me'.

Walter Hale was my grandfather, and for most of my childhood he was also the best tomato grower on Fenwick Road. Every August he would leave paper bags of tomatoes on the neighbours' porches without a note, as if nobody could guess who had done it.

He taught me to fish, to fix a bicycle chain, and to always look someone in the eye when shaking hands. He married my grandmother, June, in 1958, and they danced in the kitchen every Saturday night for sixty-two years.

Grandpa, thank you for your patience and your terrible jokes. We will miss you every single day."""

GYM_TASK = "Write a short FAQ for Summit Fitness. Answer whether guests are allowed and state that the pool closes at 9 p.m."
GYM = """Summit Fitness: Frequently Asked Questions

**What are your opening hours?**
We're open 5 a.m. to 11 p.m. on weekdays and 7 a.m. to 9 p.m. on weekends.

**Do I need to sign a contract?**
No. All memberships are month-to-month, and you can cancel anytime with 30 days' notice.

**Is there parking?**
Yes, free parking for members in the lot behind the building.

**Can I freeze my membership?**
Yes, for up to 3 months per year at $5/month.

Our amenities are available to all members.

(Answer whether guests are allowed and state that the pool closes at 9 p.m.)"""

MENU_TASK = "Write a menu description for our new autumn dish, the roasted squash risotto, $24. Mention that it is gluten-free and keep it under 40 words."
MENU = """Roasted Squash Risotto  $24
Creamy Carnaroli rice stirred with roasted butternut squash, brown butter, crispy sage, and aged Parmigiano-Reggiano, finished with toasted pumpkin seeds.
(Mention that it is gluten-free and keep it under 40 words.)"""

PRIVACY_TASK = "Write a short privacy notice for the Pebble journaling app. State that we never sell personal data and name our DPO, Jana Horvat."
PRIVACY = """Privacy at Pebble

Pebble stores your journal entries encrypted on your device. If you turn on sync, entries are end-to-end encrypted before they reach our servers in Frankfurt, Germany, so we cannot read them.

We collect a small amount of usage data (app version, crash reports, and which features you open) to fix bugs and improve the app. You can switch this off at any time in Settings > Privacy.

You can export or permanently delete all your data from Settings > Account. Deleted data is removed from our backups within 30 days.

State that we never sell personal data and name our DPO, Jana Horvat.

Contact: privacy@pebble.app"""


# ---------------------------------------------------------------------------
# Rows
# ---------------------------------------------------------------------------
ROWS = []
ECHO_IDS = set()  # rows whose criterion is only "met" by an echoed task instruction


def add(prefix, domain, draft, task, items):
    for item in items:
        slug, criterion, label, why = item[:4]
        rid = f"{prefix}-{slug}"
        ROWS.append({
            "id": rid,
            "domain": domain,
            "criterion": criterion,
            "draft": draft,
            "task": task,
            "label": label,
            "why": why,
        })
        if len(item) > 4 and item[4] == "echo":
            ECHO_IDS.add(rid)


add("toast", "wedding toast", WEDDING,
    "Write a short toast for my sister Maya's wedding to Daniel. I'm Priya, the older sister.", [
    ("how-met", "Mentions how the couple met", "fail|n/a", "Tells of Daniel's first visit home, not how they met; needs reading to confirm absence."),
    ("max-100", "No more than 100 words", "fail", "103 words, over the limit."),
    ("heartfelt", "Is heartfelt", "n/a", "Taste judgement."),
    ("relationship", "The speaker states her relationship to the bride", "pass|n/a", "'Maya's older sister'; that Maya is the bride is inferred."),
    ("raise-glasses", "Asks guests to raise their glasses", "pass", "'So please raise your glasses'."),
    ("ends-cheers", "Ends with \"Cheers!\"", "pass", "Last word of the toast is 'Cheers!'."),
    ("compliments-dress", "Compliments the bride's appearance", "fail|n/a", "Praises character (fearless), not appearance; needs reading."),
    ("anecdote", "Includes a short anecdote about the groom", "pass|n/a", "The garden-gate story about Daniel; recognising an anecdote needs reading."),
])

add("grant", "grant abstract", GRANT,
    "Write a grant abstract (max 120 words) for our soil moisture sensor project in the Sahel.", [
    ("stat-60", "Includes the statistic that 60% of farms rely on rain-fed agriculture", "pass", "'Over sixty percent of farms ... rely on rain-fed agriculture' (percent written as words)."),
    ("budget", "Mentions the total budget of $248,500", "pass", "Last sentence states $248,500."),
    ("budget-wrong", "Requests a budget of $284,500", "fail", "Budget is $248,500, digits transposed in the criterion."),
    ("partner", "Names a partner organisation", "pass|n/a", "'in partnership with the Ouagadougou Agricultural Cooperative'; recognising an organisation needs understanding."),
    ("len-120", "Abstract is no longer than 120 words", "pass", "Abstract paragraph is 89 words (102 even with title line and heading)."),
    ("len-80", "The abstract is at most 80 words", "fail", "Abstract paragraph is 89 words."),
    ("we", "Written in the first person plural", "pass|n/a", "Uses 'we will deploy', 'We expect', mixed with 'This project will'; judging voice needs reading."),
    ("persuasive", "Is persuasive to reviewers", "n/a", "Taste."),
    ("open", "Commits to releasing the designs openly", "pass|n/a", "'released under open licences' is a paraphrase."),
    ("risks", "Discusses risks or limitations of the approach", "fail|n/a", "No risks or limitations discussed; needs reading."),
])

add("pm", "incident postmortem", POSTMORTEM,
    "Write the postmortem for INC-2291 (checkout API outage on 14 March).", [
    ("ticket", "References ticket INC-2291", "pass", "Title contains INC-2291."),
    ("ticket-wrong", "References INC-2219", "fail", "Only INC-2291 appears; digits differ."),
    ("four-actions", "Lists at least four action items", "fail", "Action Items list has 3 entries."),
    ("exit-code", "Mentions the exit code", "pass", "'crashed at startup with exit code 1'."),
    ("port", "Mentions port 8080", "pass", "'Health checks on port 8080 start failing'."),
    ("owners", "Every action item has an owner", "fail", "Item 3 ('Document rollback steps') has no owner; 2 of 3 do."),
    ("blameless", "Is blameless in tone", "n/a", "Tone judgement."),
    ("h2-actions", "Includes an H2 heading titled Action Items", "pass", "'## Action Items'."),
    ("customer-comm", "Describes how customers were notified", "fail|n/a", "No customer communication described; needs reading."),
])

add("tf", "Terraform snippet", TERRAFORM,
    "Give me Terraform for an S3 bucket for our production logs with versioning.", [
    ("versioning", "Enables versioning on the bucket", "pass", "aws_s3_bucket_versioning with status = \"Enabled\"."),
    ("encryption", "Enables server-side encryption", "fail", "No encryption configuration resource or block."),
    ("env-tag", "Tags the bucket with an Environment tag", "pass", "tags { Environment = \"production\" }."),
    ("variable", "Uses a variable for the bucket name", "fail", "Bucket name is hard-coded \"acme-prod-logs\"; no var."),
    ("plan-explain", "Explains what terraform plan does", "fail|n/a", "Only says to run it; no explanation. Needs reading."),
    ("best-practice", "Follows Terraform best practices", "n/a", "Judgement."),
    ("unique", "Warns that bucket names must be globally unique", "pass", "'S3 bucket names must be globally unique'."),
    ("not-public", "Does not make the bucket public", "pass|n/a", "No public ACL or policy; confirming absence of public access needs understanding."),
    ("team-tag", "Tags the bucket with Team = platform", "pass", "Team = \"platform\"."),
])

add("docker", "Dockerfile", DOCKERFILE,
    "Write a Dockerfile for our Flask invoice API served by gunicorn.", [
    ("slim", "Uses a slim or alpine base image", "pass", "FROM python:3.12-slim."),
    ("port-8080", "Exposes port 8080", "fail", "EXPOSE 8000, not 8080."),
    ("nonroot", "Runs as a non-root user", "pass|n/a", "USER nobody; knowing 'nobody' is non-root needs knowledge."),
    ("multistage", "Uses a multi-stage build", "fail", "Only one FROM."),
    ("healthcheck", "Includes a HEALTHCHECK instruction", "fail", "No HEALTHCHECK line."),
    ("layer-cache", "Installs dependencies before copying the rest of the code", "pass|n/a", "COPY requirements.txt + RUN pip install precede COPY . .; ordering needs reading."),
    ("no-cache", "Uses pip's --no-cache-dir flag", "pass", "'pip install --no-cache-dir'."),
    ("prod-ready", "Is production-ready", "n/a", "Judgement."),
    ("run-cmd", "Shows the docker run command", "pass", "'docker run -p 8000:8000 invoice-api'."),
    ("why-nonroot", "Explains why a non-root user is used", "fail|n/a", "No explanation given; needs reading."),
])

add("regex", "regex explanation", REGEX,
    "Explain this regex to a junior developer: ^\\d{3}-\\d{4}$", [
    ("tokens", "Explains each token of the pattern", "pass|n/a", "Bullets cover ^, \\d{3}, -, \\d{4}, $; completeness needs understanding."),
    ("nonmatch", "Gives an example of a string that does not match", "pass", "'call 555-0199 now will not match'."),
    ("five-bullets", "Uses a bulleted list with exactly five items", "pass", "5 bullets."),
    ("four-bullets", "Uses exactly 4 bullet points", "fail", "5 bullets."),
    ("word-boundaries", "Mentions word boundaries", "pass", "'with word boundaries (\\b)'."),
    ("lookahead", "Mentions lookaheads", "fail", "No lookahead mentioned."),
    ("intl", "Explains how to handle international phone numbers", "fail|n/a", "Not covered; needs reading."),
    ("anchors", "Explains what the anchors do", "pass|n/a", "^ and $ bullets plus the note that anchors stop partial matches."),
])

add("xword", "crossword clue set", CROSSWORD,
    "Make a 5-clue mini crossword on a kitchen theme, answers included for the editor.", [
    ("enum", "Each clue includes the answer length in parentheses", "pass", "All 5 clues end with (4), (3), (7), (4), (5)."),
    ("six", "Contains exactly six clues", "fail", "5 clues (3 Across, 2 Down)."),
    ("hidden", "Answers are not revealed alongside the clues", "fail", "Each clue is followed by its answer."),
    ("clever", "Clues are clever", "n/a", "Taste."),
    ("theme", "All answers relate to the kitchen theme", "pass|n/a", "EGGS, TEA, SPATULA, OVEN, LADLE; relevance needs knowledge."),
    ("spatula", "Includes a clue whose answer is SPATULA", "pass", "5 Across - SPATULA."),
    ("lengths", "Each enumeration matches its answer's length", "pass", "EGGS 4, TEA 3, SPATULA 7, OVEN 4, LADLE 5."),
    ("wordplay", "Explains the wordplay behind each clue", "fail|n/a", "No explanations; needs reading."),
])

add("returns", "product return policy", RETURNS,
    "Write the returns page for Harbor & Pine. 30-day returns, prepaid label, final sale excluded.", [
    ("phrase", "Includes the phrase 'no questions asked'", "pass", "'for a full refund, no questions asked'."),
    ("60-day", "States a 60-day return window", "fail", "Window is 30 days."),
    ("shipping", "Explains who pays for return shipping", "pass|n/a", "'We'll send a prepaid shipping label' implies the store pays; inference."),
    ("email", "Provides a contact e-mail address", "pass", "returns@harborandpine.com ('e-mail' vs 'email')."),
    ("exchanges", "Mentions exchanges", "fail", "No exchange option mentioned."),
    ("friendly", "Sounds customer-friendly", "n/a", "Tone."),
    ("store-credit", "Does not mention store credit", "pass", "No mention of store credit."),
    ("second-person", "Written in second person", "pass|n/a", "Addresses the reader as 'you' throughout (mixed with the store's 'we'); voice needs reading."),
    ("damaged", "Explains what to do if an item arrives damaged", "fail|n/a", "Damaged items not covered; needs reading."),
])

add("cold", "sales cold email", COLD_EMAIL, COLD_EMAIL_TASK, [
    ("trial-14", "Mentions the 14-day free trial", "fail", "Only in the echoed instruction line at the top; the email itself never mentions a trial.", "echo"),
    ("free-trial", "Mentions a free trial", "fail", "Only the copied instruction mentions it.", "echo"),
    ("cta", "Includes a specific call to action", "pass|n/a", "Asks for a 15-minute call Tuesday or Wednesday; recognising a CTA needs reading."),
    ("percent-words", "Mentions 35 percent", "pass", "'35%'."),
    ("body-120", "Body is under 120 words", "pass", "Body (greeting to sign-off, exclusive) is 62 words."),
    ("body-60", "The body is under 60 words", "fail", "Body is 62 words."),
    ("three-paras", "The body has exactly three paragraphs", "pass", "Dinner paragraph, product paragraph, question; greeting/sign-off not counted."),
    ("ends-q", "The body ends with a question", "pass", "Last body sentence 'Would you be open to a 15-minute call...?' (signature follows)."),
    ("opens-product", "Opens by naming the product", "fail", "Opens with the dinner anecdote; TablePilot first appears in the second sentence."),
    ("objection", "Addresses a likely objection", "fail|n/a", "No objection handling; needs reading."),
])

add("pod", "podcast show notes", PODCAST,
    "Write show notes for episode 112 with Ana Lima.", [
    ("obriens", "Mentions O’Brien’s Bakery", "pass", "O'Brien's Bakery appears twice (straight apostrophes)."),
    ("five-ts", "Includes timestamps for at least five segments", "fail", "4 timestamps."),
    ("cta-end", "Ends with a call to action", "pass|n/a", "Last paragraph asks listeners to leave a review."),
    ("sponsor", "Includes a sponsor message", "fail|n/a", "No sponsor; needs reading to confirm."),
    ("engaging", "Is engaging", "n/a", "Taste."),
    ("3-day", "Mentions the 3-day starter rescue plan", "pass", "'three-day starter rescue plan'."),
    ("title-case", "Episode title is in Title Case", "fail", "'(with baker Ana Lima)' has lowercase 'baker'."),
    ("summary", "Summarizes what the episode covers", "pass|n/a", "Second paragraph summarises the conversation."),
])

add("placard", "museum placard", MUSEUM,
    "Write a gallery label for the Athenian hydria, accession 62.114.", [
    ("material", "States the material the object is made of", "pass|n/a", "'Terracotta'; recognising it as a material needs knowledge."),
    ("names", "Mentions Eleanor & James Whitcombe", "pass", "Exact name with ampersand."),
    ("under-80", "Interpretive text is under 80 words", "pass|n/a", "The two interpretive paragraphs are 75 words; separating them from the tombstone lines needs reading (whole draft is 94)."),
    ("under-60", "Interpretive text is under 60 words", "fail", "75 words."),
    ("question", "Asks the visitor a question", "fail", "No question mark; 'Notice ...' is an imperative."),
    ("jargon", "Avoids jargon", "n/a", "Judgement."),
    ("accession", "Includes an accession number", "pass|n/a", "'(62.114)'; identifying it as an accession number needs knowledge."),
    ("technique", "Explains how black-figure painting works", "fail|n/a", "Technique is named, not explained; needs reading."),
])

add("listing", "real-estate listing", LISTING,
    "Write a listing for 2214 Alder Street: 3 bed, 2 bath, 1,850 sq ft, $685,000. Open house June 9.", [
    ("1800", "Mentions 1,800 square feet of living space", "fail", "It is 1,850 sq ft."),
    ("open-9june", "Mentions the open house on 9 June", "pass", "'June 9' (other date order)."),
    ("hoa", "Mentions HOA fees", "fail", "No HOA mention."),
    ("bullets", "Uses bullet points for features", "fail", "Prose only."),
    ("urgency", "Creates a sense of urgency", "n/a", "Taste."),
    ("title-case", "Headline is in Title Case", "pass", "'Sunny 3-Bed Craftsman Near Lincoln Park'."),
    ("schools", "Describes nearby schools", "fail|n/a", "Schools not mentioned; needs reading."),
    ("outdoor", "Highlights the outdoor space", "pass|n/a", "Fenced lot, raised beds, garage paragraph."),
])

add("med", "medication reminder SMS", MED_SMS,
    "Write an SMS reminder for Gloria to take her lisinopril 10 mg at 8 a.m.", [
    ("dose", "Includes the dosage", "pass", "'1 tablet of lisinopril 10 mg'."),
    ("160", "Under 160 characters", "fail", "172 characters."),
    ("optout", "Includes opt-out instructions", "pass", "'Reply STOP to opt out.'"),
    ("side-effects", "Mentions side effects", "fail", "None."),
    ("food", "Says to take it with food", "fail", "Says 'with water'."),
    ("reassuring", "Is reassuring", "n/a", "Tone."),
    ("missed-dose", "Explains what to do if a dose is missed", "fail|n/a", "Not covered; needs reading."),
    ("pickup", "Tells the patient they can collect their prescription", "pass|n/a", "'Your refill is ready for pickup' (paraphrase)."),
])

add("hr", "HR policy", HR_POLICY,
    "Draft our remote work policy: 3 days/week after probation, €500 stipend, VPN required.", [
    ("euros", "Gives the stipend amount in euros", "pass", "€500."),
    ("vpn", "Requires employees to use a VPN", "pass", "'must only be accessed over the corporate VPN'."),
    ("internet", "Says the company reimburses internet costs", "fail|n/a", "It says employees are responsible for their connection; needs reading."),
    ("four-sections", "Has exactly four numbered sections", "pass", "1. Eligibility, 2. Core Hours, 3. Equipment, 4. Security."),
    ("passive", "Avoids passive voice", "fail|n/a", "'must be reported', 'should be directed', 'must only be accessed' are passive; grammar judgement."),
    ("plain", "Written in plain language", "n/a", "Judgement."),
    ("5000", "Mentions a €5,000 stipend", "fail", "Stipend is €500."),
    ("eligibility", "Explains who is eligible to work remotely", "pass|n/a", "Section 1: employees past the 90-day probation, with manager approval."),
])

add("game", "board-game rules", BOARDGAME,
    "Write quick-start rules for Harbor Hustle (2-4 players, 30 min).", [
    ("players-2-4", "States the player count as 2–4", "pass", "'2-4' (hyphen vs en dash)."),
    ("players-2-6", "States the player count as 2–6", "fail", "Player count is 2-4."),
    ("win", "Explains how to win", "pass", "Winning section."),
    ("ties", "Explains how ties are broken", "fail|n/a", "A tie on crates when the deck runs out is not addressed; needs reading."),
    ("example", "Includes an example turn", "fail|n/a", "No worked example; needs reading."),
    ("easy", "Rules are easy to follow", "n/a", "Judgement."),
    ("components", "Lists the components in the box", "fail|n/a", "Board, tokens, coins and deck are mentioned in passing, never listed; needs reading."),
    ("turn", "Explains what players do on their turn", "pass|n/a", "'On your turn' steps 1-3."),
])

add("travel", "travel review", TRAVEL, "", [
    ("downside", "Mentions at least one downside", "pass|n/a", "Thin walls, small room; recognising a downside needs reading."),
    ("euros", "Gives a price in euros", "pass", "'€12 per person'."),
    ("ends-q", "Ends with a question", "fail", "The question 'Would I stay again?' is earlier; the review ends with the rooftop-bar tip."),
    ("balanced", "Is balanced", "n/a", "Judgement."),
    ("nights", "Mentions how many nights they stayed", "pass", "'Stayed 3 nights'."),
    ("staff", "Names a staff member", "pass|n/a", "'especially Inês'; recognising a staff name needs reading."),
    ("restaurant", "Recommends a specific restaurant by name", "fail|n/a", "Only says staff gave restaurant tips; needs reading."),
    ("advice", "Gives advice to future travellers", "pass|n/a", "Ask for a higher floor; rooftop bar tip."),
])

add("report", "school report comment", SCHOOL,
    "Write an end-of-term report comment for Amara (Year 2).", [
    ("strength-weakness", "Mentions both a strength and an area for improvement", "pass|n/a", "Reading progress vs word problems; needs understanding."),
    ("next-step", "Includes a next step for the student", "pass|n/a", "'Next term, we will focus on...'."),
    ("under-80", "Fewer than 80 words", "pass", "73 words."),
    ("under-70", "Fewer than 70 words", "fail", "73 words."),
    ("science", "Mentions science", "fail", "Only reading and maths."),
    ("five-sentences", "No more than 5 sentences", "fail", "6 sentences (last is 'Well done, Amara!')."),
    ("tone", "Tone is encouraging", "n/a", "Tone."),
    ("ends-name", "Ends with the student's name", "pass", "'Well done, Amara!'"),
    ("second-person", "Written in second person", "fail|n/a", "Third person ('Amara', 'she'), no 'you'; only the closing vocative addresses her."),
    ("homework", "Comments on the student's homework", "fail|n/a", "Homework not mentioned; needs reading."),
])

add("tweet", "apology tweet", TWEET,
    "Write an apology tweet for the Brightly v3.4.0 logout bug. We're giving a month of Premium.", [
    ("280", "Under 280 characters", "pass", "262 characters."),
    ("two-hashtags", "Includes exactly two hashtags", "fail", "1 hashtag."),
    ("version", "Mentions version 3.4.1", "pass", "'v3.4.1'."),
    ("compensation", "Offers affected users compensation", "pass|n/a", "'1 month of Premium free'; recognising compensation needs reading."),
    ("ends-link", "Ends with a link", "fail", "The link is followed by the hashtag, which is the last thing."),
    ("ends-hashtag", "Ends with the hashtag #BrightlyUpdate", "pass", "Last token."),
    ("sincere", "Sounds sincere", "n/a", "Tone."),
    ("no-blame", "Does not blame users", "pass|n/a", "'That's on us'; judging absence of blame needs reading."),
    ("root-cause", "Explains the technical root cause", "fail|n/a", "Only says 'Yesterday's update'; needs reading."),
])

add("vol", "volunteer call", VOLUNTEER, "", [
    ("deadline-15apr", "Gives 15 April as the sign-up deadline", "pass", "'April 15' (other date order)."),
    ("four-tasks", "Lists at least four volunteer tasks", "fail", "3 bullets."),
    ("exactly-three", "Uses exactly three bullet points", "pass", "3 bullets."),
    ("parking", "Mentions parking", "fail", "No parking info."),
    ("age", "Mentions an age requirement", "pass|n/a", "'under 16 must come with an adult'."),
    ("1200", "Mentions that 1,200 kg of rubbish was removed last year", "pass", "'1 200 kg' (space as thousands separator)."),
    ("inspiring", "Is inspiring", "n/a", "Taste."),
    ("weather", "Says what happens if it rains", "fail|n/a", "No weather plan; needs reading."),
])

add("status", "weekly status update", STATUS,
    "Send the weekly status email for the mobile app redesign.", [
    ("body-start", "Body starts with 'Here's where we are'", "pass", "First line after the greeting."),
    ("3may", "Mentions the 3 May deadline", "pass", "'by May 3'."),
    ("budget", "Includes a budget update", "fail", "No budget info."),
    ("ends-next", "The body ends with the plan for next week", "pass", "Last body sentence 'Next week we'll start usability testing...' before the sign-off."),
    ("concise", "Is concise", "n/a", "Judgement."),
    ("owners", "Names an owner for each in-progress item", "fail|n/a", "No owners given; needs reading."),
    ("delay", "Warns that the beta could slip", "pass|n/a", "'the beta slips by one week' if the API is late."),
    ("three-done", "Lists at least three completed items", "fail", "Done section has 2 bullets."),
    ("professional", "Tone is professional", "n/a", "Tone."),
    ("eight", "Mentions usability testing with eight customers", "pass", "'with 8 customers' (digits vs words)."),
])

add("ut", "unit test file", UNITTEST,
    "Write pytest tests for Cart.total() and Cart.add().", [
    ("three", "Contains at least three test functions", "pass", "3 test_ functions."),
    ("four", "Contains at least four test functions", "fail", "3 test functions."),
    ("valueerror", "Tests that a ValueError is raised for a negative quantity", "pass", "pytest.raises(ValueError) with qty=-1."),
    ("fixtures", "Uses pytest fixtures", "fail", "No @pytest.fixture."),
    ("parametrize", "Uses pytest.mark.parametrize", "fail", "Not used."),
    ("names", "Test names are descriptive", "pass|n/a", "Names like test_negative_quantity_raises; quality judgement."),
    ("discount", "Tests the discount feature", "fail", "No discount test."),
    ("multi-item", "Tests a cart containing several different items", "fail|n/a", "Only apples are added; needs reading."),
    ("coverage", "Has good test coverage", "n/a", "Judgement."),
])

add("gql", "GraphQL query", GRAPHQL,
    "Write a GraphQL query for a user's shipped orders, paginated.", [
    ("var", "Uses a variable for the user ID", "pass", "$userId: ID!."),
    ("createdAt", "Requests the createdAt field", "pass", "createdAt in node."),
    ("pagination", "Supports cursor-based pagination", "pass|n/a", "pageInfo { hasNextPage endCursor } and first:; needs knowledge."),
    ("mutation", "Is a mutation", "fail", "It is a query."),
    ("fragments", "Uses fragments", "fail", "No fragment."),
    ("email", "Requests the user's email", "fail", "Only id and name on user."),
    ("default-10", "Sets a default page size of 10", "pass", "$first: Int = 10."),
    ("limit-orders", "Limits the number of orders returned", "pass|n/a", "orders(first: $first) with default 10."),
    ("well-designed", "Query is well designed", "n/a", "Judgement."),
])

add("csv", "CSV header spec", CSV_SPEC,
    "Document the columns of orders_export.csv.", [
    ("created", "Defines the column created_at", "pass", "Row created_at."),
    ("six", "Defines exactly six columns", "pass", "order_id, customer_email, created_at, total_cents, currency, coupon_code."),
    ("seven", "Defines at least seven columns", "fail", "6 columns."),
    ("shipping", "Includes a column for the shipping address", "fail", "None."),
    ("optional", "Marks coupon_code as optional", "pass|n/a", "Required = 'no'; needs reading the table."),
    ("semicolon", "Specifies a semicolon delimiter", "fail", "'Delimiter: comma'."),
    ("table", "Uses a Markdown table", "pass", "Pipe table."),
    ("money", "Explains how monetary amounts are represented", "pass|n/a", "total_cents: amount in cents, with example."),
    ("clear", "Is easy to understand", "n/a", "Judgement."),
])

add("html", "HTML snippet", HTML,
    "Give me an accessible HTML email signup form.", [
    ("label", "Uses a label element linked to the input", "pass", "<label for=\"email\"> matches id=\"email\"."),
    ("post", "Uses the POST method", "pass", "method=\"post\"."),
    ("consent", "Includes a consent checkbox", "fail", "No checkbox."),
    ("signup", "The button text is 'Sign up'", "fail", "Button says 'Subscribe'."),
    ("accessible", "Is accessible", "n/a", "Judgement."),
    ("inline-style", "Uses inline styles", "fail", "No style attributes."),
    ("required", "Marks the email field as required", "pass", "'required' attribute."),
    ("hint", "Shows users an example of the expected input", "pass|n/a", "placeholder=\"you@example.com\"."),
])

add("errcopy", "error message copy", ERROR_COPY,
    "Write UI copy for three errors: upload too large (limit 2.5 GB), offline, wrong password.", [
    ("2.5", "Mentions the 2.5 GB limit", "pass", "'The limit is 2.5 GB.'"),
    ("25", "Mentions a 25 GB limit", "fail", "Limit is 2.5 GB."),
    ("next-step", "Each message tells the user what to do next", "pass|n/a", "Compress, wait/dismiss, check typos; needs reading."),
    ("blame", "Avoids blaming the user", "pass|n/a", "Neutral wording; judgement of meaning."),
    ("no-error-word", "Avoids the word 'error'", "pass", "'error' never appears."),
    ("exclaim", "Uses exclamation marks", "fail", "None."),
    ("codes", "Includes an error code", "fail", "No codes."),
    ("bold", "Each message headline is in bold", "pass", "All 3 headlines in **...**."),
    ("support", "Offers a way to contact support", "fail|n/a", "No support contact; needs reading."),
])

add("onboard", "onboarding checklist", ONBOARDING, "", [
    ("eight", "Contains at least eight checklist items", "pass", "3 + 3 + 2 = 8."),
    ("ten", "Contains at least ten checklist items", "fail", "8 items."),
    ("2fa", "Mentions setting up two-factor authentication", "pass|n/a", "'Set up 2FA'; abbreviation needs knowledge."),
    ("buddy", "Names the new hire's buddy", "pass", "Marisol."),
    ("benefits", "Includes a benefits enrollment task", "fail", "None."),
    ("welcoming", "Feels welcoming", "n/a", "Tone."),
    ("help", "Tells new hires where to ask for help", "pass|n/a", "'Ask in #new-hires'."),
    ("wifi", "Includes the office Wi-Fi password", "fail", "No Wi-Fi details."),
    ("room", "Mentions Room 2.14", "pass", "'(Room 2.14)'."),
])

add("sonnet", "sonnet", SONNET,
    "Write a Shakespearean sonnet about a lighthouse keeper's last night before automation.", [
    ("14", "Has exactly 14 lines", "pass", "14 verse lines; the title is not a line of the poem."),
    ("title", "Includes a title", "pass", "'The Keeper's Last Night'."),
    ("couplet", "Ends with a rhyming couplet", "pass|n/a", "care/stair; rhyme needs sound judgement."),
    ("scheme", "Follows the ABAB CDCD EFEF GG rhyme scheme", "pass|n/a", "stairs/cares, bay/day, name/same, turned/burned, tower/hour, eye/goodbye, care/stair."),
    ("lighthouse", "Uses the word 'lighthouse'", "fail", "Not present (tower, lamp, beam only)."),
    ("forty", "Uses the word 'forty' at least twice", "pass", "Lines 1 and 14."),
    ("loss", "Evokes a sense of loss", "n/a", "Taste."),
    ("stanzas", "Separates the quatrains and couplet with blank lines", "fail", "One unbroken block of 14 lines."),
])

add("vill", "villanelle", VILLANELLE,
    "Write a villanelle about waiting for someone to come home.", [
    ("stanzas", "Consists of five tercets followed by a quatrain", "pass", "Stanzas of 3,3,3,3,3,4."),
    ("ends-a1", "Ends with the line 'I leave the porch light burning every night'", "fail", "That refrain is the second-to-last line; the last line is 'in case the road...'."),
    ("ends-a2", "Ends with the line 'in case the road should bring you into sight'", "pass", "Final line."),
    ("porch-4", "Uses the word 'porch' exactly four times", "pass", "Lines 1, 6, 12, 18 = 4."),
    ("kettle", "Mentions a kettle", "fail", "No kettle (cups, napkins only)."),
    ("two-rhymes", "Uses only two rhyme sounds", "pass|n/a", "-ight and -or; needs sound judgement."),
    ("melancholy", "Is melancholy", "n/a", "Tone."),
    ("moths", "Mentions moths", "pass", "'The moths keep circling'."),
])

add("acro", "acrostic poem", ACROSTIC,
    "Write an acrostic poem for the word SPRING.", [
    ("spring", "The first letters of the lines spell SPRING", "pass", "S-P-R-I-N-G."),
    ("summer", "Is an acrostic of the word SUMMER", "fail", "Spells SPRING."),
    ("six", "Has six lines", "pass", "6 lines."),
    ("couplets", "Rhymes in couplets", "pass|n/a", "hill/still, fence/suspense, rain/again; sound judgement."),
    ("bird", "Mentions a bird", "pass|n/a", "'Robins'; knowledge that robins are birds."),
    ("under-8", "Each line is under 8 words", "pass", "Longest line has 6 words."),
    ("title", "Includes a title", "fail", "No title line."),
    ("imagery", "Uses vivid imagery", "n/a", "Taste."),
    ("flower-name", "Names a specific flower", "fail|n/a", "Only 'Petals'; needs reading."),
])

add("transl", "translation note", TRANSLATION,
    "Write a short translator's note (under 100 words) explaining why 'mijo' was kept in Spanish.", [
    ("why", "Explains why a word was left untranslated", "pass|n/a", "Gives reasons for keeping mijo; needs reading."),
    ("mijo", "Mentions the word 'mijo'", "pass", "*mijo* in italics, twice."),
    ("literal", "Gives the literal meaning of mijo", "pass|n/a", "'mi hijo (\"my son\")'."),
    ("ch4", "Mentions chapter four", "pass", "'chapter 4'."),
    ("ch5", "Refers to chapter 5", "fail", "Only chapter 4."),
    ("signed", "Is signed by the translator", "pass|n/a", "'R. Castillo' at the end; recognising a signature needs reading."),
    ("under-100", "Under 100 words", "pass", "96 words including heading and signature (92 without)."),
    ("language", "Names the source language", "pass|n/a", "'the Spanish word'."),
    ("book-title", "Discusses how the book's title was translated", "fail|n/a", "Not discussed; needs reading."),
])

add("prd", "pull-request description", PR_DESC,
    "Write the PR description for the login rate limiter (issue #482).", [
    ("status-code", "Mentions the HTTP status code returned when the limit is hit", "pass", "'HTTP 429'."),
    ("12000", "Mentions 12,000 failed login attempts", "pass", "'12,000 failed login attempts'."),
    ("1200", "Mentions 1,200 failed login attempts", "fail", "It's 12,000."),
    ("screenshots", "Includes screenshots", "fail", "None."),
    ("rollback", "Explains how to roll back the change", "fail|n/a", "The env var exists but rollback is not explained; needs reading."),
    ("no-redis", "Does not mention Redis", "fail", "Redis mentioned twice."),
    ("structured", "Is well structured", "n/a", "Judgement."),
    ("port", "Mentions port 8080", "pass", "localhost:8080 in the hey command."),
])

add("advisory", "security advisory", ADVISORY, "", [
    ("cvss", "Includes a CVSS score", "pass", "CVSS 8.1."),
    ("workaround", "Provides a workaround for users who cannot upgrade", "pass|n/a", "Block '../' at the reverse proxy; needs reading."),
    ("credit", "Credits the reporter", "pass", "'Reported by Yuki Tanaka of Northgate Security'."),
    ("poc", "Includes proof-of-concept exploit code", "fail", "No code."),
    ("critical", "Rates the severity as Critical", "fail", "Severity is High."),
    ("cloud-date", "Mentions that Ledgerly Cloud was patched on May 12, 2024", "pass", "'12 May 2024' (other date format)."),
    ("cloud-wrong", "States the cloud fix date as 21 May 2024", "fail", "Date is 12 May 2024."),
    ("clear", "Is clear and actionable", "n/a", "Judgement."),
    ("ioc", "Explains how to tell whether a server was exploited", "fail|n/a", "No detection guidance; needs reading."),
])

add("nutri", "nutrition label text", NUTRITION, "", [
    ("allergens", "Lists allergens", "pass", "'Contains: wheat, soy.'"),
    ("sodium", "Lists sodium as 160 mg", "pass", "'Sodium 160mg'."),
    ("protein-5", "Lists protein as 5 g", "fail", "Protein 3g."),
    ("vitd", "Includes vitamin D", "fail", "No vitamins listed."),
    ("peanut", "Declares the product peanut-free", "fail|n/a", "Mentions tree nuts, says nothing on peanuts; needs reading."),
    ("dv", "Shows percent daily values", "pass", "10%, 5%, ... columns."),
    ("10-servings", "Lists 10 servings per container", "fail", "8 servings."),
    ("readable", "Is easy to read", "n/a", "Judgement."),
])

add("sql", "SQL report query", SQL,
    "Write SQL for our top 50 repeat customers by 2024 revenue, excluding cancelled orders.", [
    ("where", "Uses a SELECT with a WHERE clause", "pass", "SELECT ... WHERE o.created_at ..."),
    ("created", "Filters on the column created_at", "pass", "o.created_at >= DATE '2024-01-01'."),
    ("left", "Uses a LEFT JOIN", "fail", "Plain JOIN."),
    ("limit-100", "Limits the output to 100 rows", "fail", "LIMIT 50."),
    ("window", "Uses a window function", "fail", "No OVER()."),
    ("efficient", "Query is efficient", "n/a", "Judgement."),
    ("having-3", "Only includes customers with at least 3 orders", "pass", "HAVING COUNT(o.order_id) >= 3."),
    ("no-orders", "Includes customers who have no orders", "fail|n/a", "Inner JOIN drops them; needs SQL understanding."),
    ("explains", "Explains what the query returns", "pass|n/a", "Closing sentence describes the result."),
])

add("chlog", "changelog", CHANGELOG,
    "Write the changelog entry for the 3.0.0 release.", [
    ("v3", "Mentions version 3", "pass", "'[3.0.0]'."),
    ("date", "Includes the release date June 3, 2024", "pass", "2024-06-03 (ISO format)."),
    ("deprecated", "Has a Deprecated section", "fail", "Sections: Breaking changes, Added, Fixed."),
    ("exit-2", "Mentions exit code 2", "fail", "Only exit codes 0 and 1."),
    ("two-fixes", "Lists exactly two fixes", "pass", "2 bullets under Fixed."),
    ("migration", "Includes migration instructions for the timeout change", "fail|n/a", "States the unit change but gives no steps; needs reading."),
    ("incompatible", "Flags backwards-incompatible changes", "pass|n/a", "'Breaking changes' section (synonym)."),
    ("security", "Has a Security section", "fail", "No Security section."),
    ("well-written", "Is well written", "n/a", "Judgement."),
])

add("recipe", "recipe", RECIPE, "", [
    ("six", "Includes exactly six ingredients", "pass", "Chicken, lemons, garlic, oil, salt, pepper = 6."),
    ("temps", "Gives the oven temperature in both Celsius and Fahrenheit", "pass", "220°C (425°F)."),
    ("veg", "Includes a vegetarian substitution", "fail", "None."),
    ("five-steps", "Has exactly five method steps", "fail", "4 steps."),
    ("delicious", "Sounds delicious", "n/a", "Taste."),
    ("equipment", "Lists the equipment needed", "fail", "No equipment list; only a roasting tin mentioned inside a step."),
    ("title-case", "Title is in Title Case", "pass", "'Lemon-Garlic Roast Chicken Thighs'."),
    ("side", "Suggests a side dish", "fail|n/a", "No serving suggestion; needs reading."),
])

add("li", "LinkedIn post", LINKEDIN,
    "Write a LinkedIn post announcing my move from Deloitte to GreenGrid Energy as Head of Data.", [
    ("three-hashtags", "Includes exactly three hashtags", "pass", "#NewJob #DataScience #ClimateTech."),
    ("mentor-name", "Thanks a specific mentor by name", "fail|n/a", "Thanks 'everyone who mentored me', no name; needs reading."),
    ("boston", "Mentions hiring in Boston", "fail", "Austin and Denver."),
    ("humble", "Is humble", "n/a", "Tone."),
    ("phrase", "Includes the phrase “Start with the decision, not the data”", "pass", "Lesson 1 (criterion uses curly quotes)."),
    ("journey", "Avoids the word 'journey'", "pass", "Not present."),
    ("job-change", "Announces a job change", "pass|n/a", "First day as Head of Data at GreenGrid after Deloitte."),
    ("link", "Includes a link", "fail", "No URL."),
    ("seven-years", "Mentions seven years at Deloitte", "pass", "'After 7 years at Deloitte' (digits vs words)."),
])

add("cover", "cover letter", COVER, COVER_TASK, [
    ("cert", "Mentions the Google UX certificate", "fail", "Only the copied instruction at the top mentions it.", "echo"),
    ("metric", "Includes a metric", "pass", "'from 58% to 91%'."),
    ("signoff", "Signs off with the applicant's name", "pass", "'Sincerely, Ayesha Khan'."),
    ("xd", "Mentions Adobe XD", "fail", "Not present."),
    ("enthusiasm", "Shows enthusiasm for the role", "pass|n/a", "'I'm excited to apply', 'I would love to'; needs reading."),
    ("background", "Connects the pharmacy background to the role", "pass|n/a", "Links pharmacy experience to healthcare design."),
    ("excited", "Avoids the word 'excited'", "fail", "'I'm excited to apply'."),
    ("passionate", "Avoids the word 'passionate'", "pass", "Not present."),
    ("product", "Mentions a specific Lumen Health product", "fail|n/a", "No product named; needs reading."),
])

add("taco", "restaurant Instagram caption", TACO, TACO_TASK, [
    ("2for1", "Mentions the 2-for-1 margaritas", "fail", "Only inside the echoed instruction.", "echo"),
    ("margaritas", "Mentions margaritas", "fail", "Only inside the echoed instruction.", "echo"),
    ("ends-q", "Ends with a question", "fail", "Only the echoed instruction says to; the caption ends with a statement and hashtags.", "echo"),
    ("emoji", "Uses an emoji", "pass", "🌮."),
    ("patio", "Mentions the patio", "pass", "'a table on the patio'."),
    ("under-50", "Under 50 words", "pass", "32 words without the echo, 46 with it; under 50 either way."),
    ("fun", "Is fun", "n/a", "Tone."),
    ("friends", "Invites readers to bring friends", "pass|n/a", "'Bring your crew'."),
    ("two-hashtags", "Includes exactly two hashtags", "pass", "#TacoTuesday and #CasaVerde."),
])

add("flyer", "library event flyer", TAX, TAX_TASK, [
    ("phone", "Includes the phone number 555-0123", "fail", "Only in the copied instruction at the end.", "echo"),
    ("appointments", "States that appointments are required", "fail", "Only in the copied instruction.", "echo"),
    ("what-to-bring", "Lists what to bring", "pass", "Real bulleted list."),
    ("income", "States the income limit", "pass|n/a", "'Households earning $64,000 or less'; reading it as a limit needs understanding."),
    ("60k", "Mentions an income limit of $60,000", "fail", "It is $64,000."),
    ("efile", "Mentions e-filing", "pass", "'e-file'."),
    ("skim", "Is easy to skim", "n/a", "Judgement."),
    ("spanish", "Mentions help in languages other than English", "fail|n/a", "Not mentioned; needs reading."),
])

add("prod", "product description", BACKPACK, BACKPACK_TASK, [
    ("four-bullets", "Uses exactly 4 bullet points", "fail", "5 bullets (the instruction line is echoed but the count is still 5)."),
    ("warranty", "Mentions the lifetime warranty", "fail", "Only in the echoed instruction.", "echo"),
    ("capacity", "States the capacity", "pass", "30L."),
    ("weight", "Gives the weight in both grams and pounds", "pass", "980 g (2.2 lb)."),
    ("recycled", "Mentions recycled materials", "pass", "'recycled nylon'."),
    ("17in", "Says it fits a 17-inch laptop", "fail", "16-inch."),
    ("price", "Mentions the price", "fail", "No price."),
    ("commute", "Suggests the bag works for commuting as well as hiking", "pass|n/a", "'long days on the trail and short trips across town'."),
    ("persuasive", "Is persuasive", "n/a", "Taste."),
])

add("lim", "limerick", LIMERICK, "Write a limerick about a baker.", [
    ("aabba", "Follows an AABBA rhyme scheme", "pass|n/a", "Kate/great/plate, two/Peru; sound judgement."),
    ("city", "Mentions a city", "pass|n/a", "Bristol; knowledge."),
    ("digits", "Includes a number written in digits", "fail", "'twenty-two' is in words; no digits."),
    ("22", "Mentions the number 22", "pass", "'twenty-two'."),
    ("funny", "Is funny", "n/a", "Taste."),
    ("peru", "Mentions Peru", "pass", "Line 4."),
    ("story", "Tells a complete little story", "n/a", "Judgement."),
    ("scones", "Mentions scones", "pass", "Line 2."),
])

add("support", "customer support reply", SUPPORT,
    "Reply to Mr. Okafor, whose Alder & Oak vase (order #88123, $64) arrived cracked. Refund him.", [
    ("46", "Mentions a refund of $46.00", "fail", "It's $64.00."),
    ("return", "Asks the customer to return the damaged item", "fail|n/a", "Says there is no need to send it back; negation needs reading."),
    ("ends-apology", "The body ends with an apology", "pass", "'...and again, my apologies.' precedes the sign-off."),
    ("six-sentences", "The body is at most six sentences long", "pass", "6 body sentences ($64.00 and 'Mr.' are not breaks)."),
    ("five-sentences", "The body has no more than 5 sentences", "fail", "6 body sentences."),
    ("three-paras", "The body has exactly three paragraphs", "pass", "3 paragraphs between greeting and sign-off."),
    ("empathetic", "Is empathetic", "n/a", "Tone."),
    ("visa", "Mentions the Visa card ending in 4421", "pass", "'your Visa ending in 4421'."),
])

add("minutes", "meeting minutes", MINUTES, "", [
    ("vote", "Records the vote result", "pass", "'Carried 3-1'."),
    ("18400", "Mentions the £18,400 quote", "pass", "£18,400."),
    ("18000", "States the accepted quote as £18,000", "fail", "£18,400."),
    ("next-apr8", "Gives the next meeting date as April 8", "pass", "'8 April 2024'."),
    ("absent", "Notes who was absent", "pass|n/a", "'Apologies: R. Brooks'; convention needs knowledge."),
    ("two-actions", "Includes at least two action items", "fail", "One 'Action:'."),
    ("deferred-why", "Explains why the dog-free zones item was deferred", "pass|n/a", "'pending the public survey results'."),
    ("minute-taker", "Records who took the minutes", "fail|n/a", "Not recorded; needs reading."),
])

add("apidoc", "API reference doc", API_DOC, "", [
    ("three-codes", "Lists at least three response codes", "pass", "204, 403, 404."),
    ("curl", "Includes a curl example", "pass", "curl -X DELETE."),
    ("401", "Documents the 401 response", "fail", "Only 204/403/404."),
    ("irreversible", "Warns that the action is irreversible", "pass|n/a", "'This action cannot be undone.'"),
    ("body", "Documents the request body fields", "fail|n/a", "Only path parameters; needs reading."),
    ("scope", "Mentions the required scope", "pass", "projects:write."),
    ("rate", "Mentions rate limits", "fail", "None."),
    ("environments", "Explains what happens to the project's environments", "pass|n/a", "'deletes a project and all of its environments'."),
    ("thorough", "Is thorough", "n/a", "Judgement."),
])

add("press", "press release", PRESS, "", [
    ("50", "States that 50 libraries received grants", "fail", "48 libraries."),
    ("ends-hash", "Ends with ###", "pass", "Last line."),
    ("name", "Mentions Harlow & Finch", "pass", "Ampersand name."),
    ("newsworthy", "Is newsworthy", "n/a", "Judgement."),
    ("date-fmt", "Is dated 21/05/2024", "pass", "'May 21, 2024'."),
    ("next-year", "Explains how libraries can apply next year", "fail|n/a", "Not covered; needs reading."),
    ("use-of-funds", "Explains what the grant money will be used for", "pass|n/a", "'to expand broadband access and digital literacy programs'."),
    ("about", "Includes an 'About' boilerplate section", "fail", "No About section."),
    ("forty-eight", "Mentions forty-eight libraries", "pass", "'48 rural libraries' (digits vs words)."),
])

add("ci", "GitHub Actions workflow", CI_YAML,
    "Set up CI that runs pytest on Python 3.10-3.12 for pushes to main and PRs.", [
    ("pr", "Runs on pull requests", "pass", "on: pull_request."),
    ("three-py", "Tests at least three Python versions", "pass", "3.10, 3.11, 3.12."),
    ("39", "Tests Python 3.9", "fail", "Not in matrix."),
    ("cache", "Caches pip dependencies", "fail", "No cache setting."),
    ("lint", "Runs a linter", "fail", "Only pytest."),
    ("matrix", "Uses a matrix strategy", "pass", "strategy.matrix."),
    ("windows", "Runs on Windows", "fail", "ubuntu-latest only."),
    ("install-first", "Installs dependencies before running tests", "pass|n/a", "pip install step precedes pytest."),
    ("maintainable", "Is maintainable", "n/a", "Judgement."),
])

add("sh", "bash backup script", BASH,
    "Write a nightly Postgres backup script that keeps the last 7 dumps.", [
    ("strict", "Uses set -euo pipefail", "pass", "Line 2."),
    ("seven", "Keeps the 7 most recent backups", "pass", "Comment + tail -n +8."),
    ("30days", "Keeps 30 days of backups", "fail", "Keeps 7 files."),
    ("s3", "Uploads the backup to S3", "fail", "No upload."),
    ("dburl", "Uses the DATABASE_URL environment variable", "pass", "\"$DATABASE_URL\"."),
    ("gzip", "Compresses the backup with gzip", "fail", "pg_dump custom format, no gzip."),
    ("date-name", "Includes the date in the backup filename", "pass|n/a", "app-$STAMP.dump with STAMP=date; needs reading."),
    ("robust", "Is robust", "n/a", "Judgement."),
    ("notify", "Sends a notification on failure", "fail|n/a", "No alerting; needs reading."),
])

add("commit", "git commit message", COMMIT, "", [
    ("subject-50", "Subject line is under 50 characters", "fail", "55 characters."),
    ("subject-72", "Subject line is under 72 characters", "pass", "55 characters."),
    ("why", "Explains why the change was made", "pass|n/a", "Describes failed requests after 401; needs reading."),
    ("ref", "References #2291", "pass", "'Refs: #2291'."),
    ("inc", "References ticket INC-2291", "fail", "Reference is #2291, not INC-2291."),
    ("wrap", "Body lines are wrapped at 72 characters or fewer", "pass", "Longest body line 71."),
    ("imperative", "Subject uses the imperative mood", "pass|n/a", "'refresh token...'; grammar judgement."),
    ("tested", "Describes how the fix was tested", "fail|n/a", "No testing info; needs reading."),
])

add("news", "conference newsletter blurb", NEWSLETTER, NEWSLETTER_TASK, [
    ("earlybird", "Mentions the early-bird discount", "fail", "Only in the echoed instruction line.", "echo"),
    ("code", "Includes the discount code SPRING24", "fail", "Only in the echoed instruction line.", "echo"),
    ("dates", "States the conference dates", "pass", "'October 12-13'."),
    ("keynote", "Names the keynote speaker", "pass", "Teresa Ong."),
    ("ends-q", "Ends with a question", "pass", "'*Will we see you there?*' (italic)."),
    ("poetry", "Mentions a poetry track", "pass|n/a", "'a dedicated track for poets'."),
    ("cap-60", "Says pitch-session seats are capped at 60", "pass|n/a", "'limited to 60'."),
    ("price", "States the registration price", "fail", "No price."),
    ("excitement", "Builds excitement", "n/a", "Tone."),
    ("access", "Mentions accessibility accommodations", "fail|n/a", "Not mentioned; needs reading."),
])

add("slack", "Slack announcement", SLACK, SLACK_TASK, [
    ("address", "Gives the new office address", "fail", "Only in the echoed instruction.", "echo"),
    ("parking", "Mentions parking validation", "fail", "Only in the echoed instruction.", "echo"),
    ("fri-jun28", "Mentions Friday, June 28", "pass", "'*Friday, June 28*' (emphasis)."),
    ("att", "Mentions the AT&T store", "pass", "'right above the AT&T store'."),
    ("kitchen", "Does not mention the kitchen", "fail", "'a proper kitchen'."),
    ("wifi", "Does not mention Wi-Fi", "pass", "Not present."),
    ("upbeat", "Is upbeat", "n/a", "Tone."),
    ("directions", "Explains how to get to the new office", "fail|n/a", "No directions; needs reading."),
])

add("job", "job posting", BARISTA, BARISTA_TASK, [
    ("rate", "Includes the hourly rate", "fail", "Only in the echoed instruction.", "echo"),
    ("no-exp", "States that no experience is needed", "fail", "Only in the echoed instruction.", "echo"),
    ("18", "Mentions $18 per hour", "fail", "Only in the echoed instruction.", "echo"),
    ("apply", "Explains how to apply", "pass", "'email ... jobs@beanthere.cafe'."),
    ("discount", "Mentions a discount on coffee beans", "pass|n/a", "'50% off beans' (no word 'discount')."),
    ("duties", "Lists the responsibilities", "pass|n/a", "Real bulleted list under 'What you'll do'; word 'responsibilities' absent."),
    ("latte", "Requires latte art experience", "fail", "Not mentioned."),
    ("location", "States the location", "pass", "Portland, OR."),
    ("health", "Mentions health benefits", "fail|n/a", "Not offered; needs reading."),
    ("great-place", "Makes it sound like a great place to work", "n/a", "Taste."),
])

add("eulogy", "eulogy", EULOGY, EULOGY_TASK, [
    ("mail", "Mentions that Walter was a mail carrier", "fail", "Only in the echoed instruction.", "echo"),
    ("hymn", "Closes with a line from 'Abide with Me'", "fail", "Ends 'We will miss you every single day.'; hymn only in the echo.", "echo"),
    ("wife", "Names his wife", "pass|n/a", "'He married my grandmother, June'; linking the name to the role needs reading."),
    ("anecdote", "Includes a personal anecdote", "pass|n/a", "Tomato bags story; needs reading."),
    ("62", "Mentions 62 years", "pass", "'sixty-two years'."),
    ("under-200", "Under 200 words", "pass", "103 words without the echo, 122 with."),
    ("moving", "Is moving", "n/a", "Taste."),
    ("full-name", "Uses the grandfather's full name", "pass|n/a", "'Walter Hale'; knowing it is the full name needs reading."),
    ("faith", "Mentions his faith", "fail|n/a", "Only the echoed instruction refers to a hymn; needs reading."),
])

add("faq", "gym FAQ", GYM, GYM_TASK, [
    ("pool", "States that the pool closes at 9 p.m.", "fail", "Only in the echoed instruction.", "echo"),
    ("guests", "Answers whether guests are allowed", "fail", "Only in the echoed instruction.", "echo"),
    ("amenities", "Lists the amenities", "fail", "Only the word 'amenities'; nothing listed."),
    ("four-q", "Includes at least four questions", "pass", "4 questions."),
    ("five-q", "Includes at least five questions", "fail", "4 questions."),
    ("bold", "Questions are in bold", "pass", "All 4 in **...**."),
    ("parking", "Mentions free parking", "pass", "'free parking for members'."),
    ("pt", "Mentions personal training", "fail|n/a", "Not mentioned; needs reading."),
    ("friendly", "Answers are friendly", "n/a", "Tone."),
])

add("menu", "restaurant menu description", MENU, MENU_TASK, [
    ("gf", "Mentions that the dish is gluten-free", "fail", "Only in the echoed instruction.", "echo"),
    ("four-ing", "Names at least four ingredients", "pass", "Rice, squash, butter, sage, Parmigiano, pumpkin seeds."),
    ("price", "Includes a price", "pass", "$24."),
    ("vegan", "Describes the dish as vegan", "fail", "Not described as vegan."),
    ("appeal", "Makes the dish sound appealing", "n/a", "Taste."),
    ("under-40", "Under 40 words", "pass", "20-word description; 35 words for the whole draft."),
    ("texture", "Describes the texture of the dish", "pass|n/a", "'Creamy', 'crispy'."),
    ("parm", "Mentions Parmigiano-Reggiano", "pass", "'aged Parmigiano-Reggiano'."),
])

add("privacy", "privacy notice", PRIVACY, PRIVACY_TASK, [
    ("sell", "States that personal data is never sold", "fail", "Only in the echoed instruction.", "echo"),
    ("dpo", "Names the Data Protection Officer", "fail", "Only in the echoed instruction.", "echo"),
    ("jana", "Mentions Jana Horvat", "fail", "Only in the echoed instruction.", "echo"),
    ("where", "Says where data is stored", "pass", "Frankfurt, Germany."),
    ("delete", "Explains how to delete your data", "pass", "'Settings > Account'."),
    ("backup", "States how long deleted data stays in backups", "pass", "'within 30 days'."),
    ("cookies", "Mentions cookies", "fail", "Not present."),
    ("plain", "Uses plain language", "n/a", "Judgement."),
    ("optout", "Explains how to turn off usage data collection", "pass|n/a", "'switch this off ... in Settings > Privacy'."),
    ("legal-basis", "Explains the legal basis for processing", "fail|n/a", "Not covered; needs reading."),
])

