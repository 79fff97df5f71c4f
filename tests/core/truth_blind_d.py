"""Blind truth set D for the rubric grader.

Each row pairs one draft (text an AI agent wrote) with one rubric criterion and
a hand label from the plain meaning of the criterion.  See README.md for the
label conventions.  Written without reading the grader's rules or code.
"""

# ---------------------------------------------------------------------------
# Drafts and tasks
# ---------------------------------------------------------------------------

T01 = ("Write a short cold email to Dana Ruiz, operations manager at Brightline "
       "Logistics, introducing RouteWise, our route-planning software. Mention the "
       "30-day free trial, keep it under 150 words, and end by asking for a "
       "15-minute call.")

D01 = """Subject: Cutting fuel costs at Brightline

Hi Dana,

I noticed Brightline Logistics has been expanding its regional delivery network, and I wanted to reach out with something that might help.

RouteWise plans multi-stop routes in seconds and adjusts them live when traffic or orders change. Teams like yours typically cut fuel spend by 12-18% in the first quarter, and dispatchers spend far less time rebuilding schedules by hand.

You can try everything free for 14 days, no credit card needed.

Would you be open to a 15-minute call next Tuesday or Wednesday so I can show you how it would work with your current fleet?

Best,
Marcus Lee
Account Executive, RouteWise
marcus.lee@routewise.io | (415) 555-0192"""

D02 = """Subject: Thank you - Product Designer interview

Dear Ms. Okafor,

Thank you for taking the time to speak with me on Thursday about the Product Designer role at Lumen Health. I really enjoyed hearing about the patient-intake redesign and how your team runs weekly usability sessions with clinic staff.

Our conversation reinforced how excited I am about this position. The challenge you described, reducing form abandonment on mobile, is very close to the checkout work I led at Parcel, where we lifted completion rates by 22%.

If it would be helpful, I'm happy to share additional case studies or walk through my process in more detail.

Thank you again for your time and consideration. I look forward to hearing about next steps.

Warm regards,
Priya Natarajan
priya.natarajan@email.com"""

T03 = ("Write an apology email to a customer whose order #48213 arrived damaged. "
       "Apologize, offer a full refund or a free replacement, and include a 15% "
       "discount code (SORRY15) for their next order. Sign it from Jamie at "
       "Fernleaf Home.")

D03 = """Subject: We're sorry about your order #48213

Hi Alex,

I'm so sorry your order arrived damaged. You were looking forward to that ceramic lamp, and opening a box to find it cracked is genuinely disappointing. That's not the experience we want for anyone.

We'd like to make it right straight away. Just reply to this email and let us know which you'd prefer:

- A full refund to your original payment method, or
- A free replacement, shipped express at no cost

You don't need to send the damaged item back.

[Note: include a 15% discount code (SORRY15) for their next order]

Thanks for your patience, and again, our apologies.

Jamie
Fernleaf Home Customer Care"""

D04 = """Subject: Quick sync on Q3 budget?

Hi Tom,

Could we find 30 minutes this week to go over the Q3 marketing budget? Finance needs our final numbers by Friday, June 14, and there are two open questions I'd like your input on:

1. Whether we move $20,000 from paid social to the September webinar series
2. How much to hold back as contingency for the product launch

I'm free Wednesday after 2 p.m. or Thursday morning. If neither works, feel free to send an invite for whatever time suits you.

Thanks,
Ellen"""

T05 = ("Write a resignation email to my manager, Rachel. My last day will be "
       "Friday, August 30. Keep it positive, offer to help train my replacement, "
       "and don't mention my new employer.")

D05 = """Subject: Resignation - Daniel Kim

Hi Rachel,

Please accept this email as formal notice of my resignation from my position as Senior Accountant. My last day will be Friday, August 30.

This wasn't an easy decision. I've learned a great deal over the past four years, especially from working with you on the audit process overhaul, and I'm grateful for the trust you've shown me.

Over the next few weeks, I'll make sure the month-end close checklist and vendor reconciliations are fully documented. I'd also be glad to help train whoever takes over my responsibilities so the handover is as smooth as possible.

I'm starting a new role at Carver & Associates in September, but I'll always value my time here.

Thank you again for everything.

Best regards,
Daniel Kim"""

T06 = ("Write a LinkedIn post announcing that Tandem Labs raised a $12M Series A. "
       "In the post, thank our investors, mention we're hiring engineers, and "
       "include the careers link (tandemlabs.com/careers).")

D06 = """Here's a LinkedIn post that will thank our investors, mention we're hiring engineers, and include the careers link:

Big news from Tandem Labs! 🎉

Today we're announcing our $12M Series A. Three years ago, this was two of us in a borrowed office trying to make scheduling less painful for clinics. Now more than 900 clinics use Tandem every day to fill last-minute cancellations.

This round lets us go deeper: smarter waitlists, better integrations with the record systems our customers already use, and a support team that answers in minutes, not days.

To every clinic that took a chance on an early product and sent us blunt feedback: thank you. You built this with us.

More soon. 🚀

#startups #healthtech #SeriesA"""

D07 = """Shipping day 🚢 Dark mode is finally live in Notewell for iOS and Android. Update the app, flip the switch in Settings > Appearance, and give your eyes a break. Desktop is next. What should we build after that?"""

T08 = ("Write an Instagram caption for our bakery's new lavender honey croissant. "
       "Keep it under 50 words, include the price ($4.75), and add 3-5 hashtags.")

D08 = """New on the counter: lavender honey croissants 🍯💜 Flaky, buttery layers with a whisper of lavender and a drizzle of local wildflower honey. Available every weekend while they last, $4.25 each. Come early!

#croissant #bakerylife #lavender #weekendtreat #shoplocal #pastrylove"""

T09 = ("Write a product description for the TrailLite 2 backpacking tent for our "
       "online store. Mention that it weighs 1.9 lbs, sets up in under 3 minutes, "
       "and comes with a 2-year warranty. End with the price: $249.")

D09 = """**TrailLite 2 Backpacking Tent**

Built for long miles and fast camps, the TrailLite 2 keeps your pack light without cutting corners on shelter. At just 1.9 lbs, it's one of the lightest freestanding two-person tents in its class.

Color-coded poles and clips mean you can pitch it in under three minutes, even in fading light. Two doors and two vestibules give each hiker their own way in and space to stash wet boots, while the fully taped rainfly and 1200 mm bathtub floor keep storms on the outside.

- Packed size: 18 x 6 in
- Floor area: 29 sq ft
- Peak height: 40 in

*Notes from the brief: comes with a 2-year warranty. End with the price: $249.*"""

T10 = ("Write a job post for a part-time barista at Common Ground Coffee in "
       "Portland. Include the pay ($18-$21/hour plus tips), the schedule (weekend "
       "mornings), and how to apply. Avoid corporate jargon.")

D10 = """**Now hiring: Part-time Barista, Common Ground Coffee (Portland, OR)**

We're a neighborhood cafe on SE Division that roasts in small batches and knows most of our regulars by name. We're looking for a friendly barista to join our weekend crew.

**What you'll do**
- Pull espresso and steam milk for a busy morning rush
- Chat with customers and help them find a coffee they love
- Keep the bar clean, stocked, and running smoothly

**What we're looking for**
- Some cafe or restaurant experience (we'll train the right person on espresso)
- Reliability: you show up when you say you will
- Able to lift 30 lbs

**Schedule:** Saturday and Sunday, 6:30 a.m. to 12:30 p.m.
**Pay:** $18-$21/hour plus tips, free drinks on shift, and a bag of beans every week

**To apply:** send a short note about yourself and your availability to jobs@commongroundpdx.com. No cover letter needed."""

D11 = """★★★★☆ Great blender, loud motor

I've used the Vortex Pro 900 almost daily for two months, mostly for smoothies and soups. It crushes frozen fruit and ice without any trouble, and the 64-oz jar is big enough to make breakfast for the whole family at once. Cleanup is easy: a drop of soap, warm water, and 30 seconds on high.

My only real complaint is the noise. It's loud enough that I can't run it before my kids wake up. The tamper is also a bit short for the jar.

For $129 it's a solid value compared with brands that cost twice as much. I'd buy it again.

- Megan R., verified buyer"""

T12 = ("Give me a quick weeknight recipe for lemon garlic chicken pasta for 4 "
       "people. List the ingredients with quantities, number the steps, and "
       "include the total cooking time. No dairy.")

D12 = """**Lemon Garlic Chicken Pasta** (serves 4, ready in 30 minutes)

**Ingredients**
- 12 oz spaghetti
- 1 lb boneless chicken breast, cut into bite-size pieces
- 3 tbsp olive oil
- 5 garlic cloves, thinly sliced
- 1 lemon (zest and juice)
- 1/4 tsp red pepper flakes
- 2 cups baby spinach
- 1/4 cup grated Parmesan
- Salt and pepper to taste

**Steps**
1. Cook the spaghetti in salted water until al dente. Reserve 1/2 cup of pasta water, then drain.
2. Season the chicken with salt and pepper. Heat 2 tbsp oil in a large skillet over medium-high heat and cook the chicken 6-7 minutes until golden and cooked through. Move to a plate.
3. Lower the heat, add the remaining oil and the garlic, and cook 1 minute until fragrant.
4. Add the pasta, chicken, lemon zest and juice, pepper flakes, and spinach. Toss with splashes of pasta water until glossy.
5. Top with Parmesan and serve."""

D13 = """## Version 3.4.0 (May 21, 2024)

### New
- **Recurring invoices:** schedule invoices to send weekly, monthly, or quarterly.
- **Bulk export:** download up to 5,000 invoices at once as CSV or PDF.

### Improved
- The dashboard now loads about 40% faster for accounts with more than 1,000 clients.
- Search now matches partial client names (e.g., "Acme" finds "Acme Corp").

### Fixed
- Tax totals no longer round incorrectly when a line item has a 0% rate.
- Fixed a crash when uploading logos larger than 2 MB.

### Deprecated
- The v1 Invoices API will be retired on September 30, 2024. Please migrate to v2."""

T14 = ("Write a SQL query that returns the name and email of customers who placed "
       "more than 3 orders in 2023, sorted by number of orders, highest first. "
       "Tables: customers(id, name, email), orders(id, customer_id, created_at).")

D14 = """```sql
SELECT c.name,
       c.email,
       COUNT(o.id) AS order_count
FROM customers AS c
JOIN orders AS o
  ON o.customer_id = c.id
WHERE o.created_at >= '2023-01-01'
  AND o.created_at <  '2024-01-01'
GROUP BY c.id, c.name, c.email
HAVING COUNT(o.id) > 3
ORDER BY order_count DESC;
```

This joins each customer to their orders, keeps only orders placed in 2023, and returns customers with more than three orders, busiest first."""

T15 = ("Write a Python function median(values) that returns the median of a list "
       "of numbers. Raise a ValueError if the list is empty. Include type hints "
       "and a docstring.")

D15 = """```python
def median(values: list[float]) -> float:
    \"\"\"Return the median of a list of numbers.

    Raise a ValueError if the list is empty.
    \"\"\"
    ordered = sorted(values)
    n = len(ordered)
    mid = n // 2
    if n % 2 == 1:
        return ordered[mid]
    return (ordered[mid - 1] + ordered[mid]) / 2
```

Example:

```python
>>> median([3, 1, 4, 1, 5])
3
>>> median([2, 8, 4, 6])
5.0
```"""

D16 = """```json
{
  "appName": "Ledgerly",
  "port": 8080,
  "debug": false,
  "allowedOrigins": [
    "https://ledgerly.io",
    "https://admin.ledgerly.io"
  ],
  "database": {
    "host": "db.internal.ledgerly.io",
    "name": "ledgerly_prod",
    "port": 5432,
  }
}
```

Set the database password through the LEDGERLY_DB_PASSWORD environment variable rather than in this file, so it never ends up in version control."""

D17 = """```yaml
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
          cache: pip
      - run: pip install -r requirements.txt
      - run: pytest -q
```

This runs the test suite on every push to main and on every pull request, across three Python versions."""

T18 = ("Write a README for 'tidyclip', a command-line tool that cleans up "
       "clipboard text. Include installation with pip, a usage example, and a "
       "License section (MIT).")

D18 = """# tidyclip

Clean up messy clipboard text from the command line: strip smart quotes, collapse extra whitespace, and remove tracking parameters from URLs.

## Installation

```bash
pip install tidyclip
```

Requires Python 3.9 or later.

## Usage

Copy some text, then run:

```bash
tidyclip
```

The cleaned text replaces what's on your clipboard. To preview without changing anything:

```bash
tidyclip --dry-run
```

## Options

| Flag | Description |
|------|-------------|
| `--dry-run` | Print the result instead of copying it |
| `--keep-urls` | Leave URL query strings untouched |

<!-- TODO: a License section (MIT) -->"""

T19 = ("Write a short poem about autumn for my grandmother's birthday card. Four "
       "stanzas, rhyming, and mention her garden.")

D19 = """The maples blush in red and gold,
The mornings crisp, the evenings cold,
And every leaf that drifts to ground
Comes dancing down without a sound.

Your garden rests beneath the sun,
Its summer work now nearly done;
The asters bloom, the pumpkins glow,
A quiet gift before the snow.

Like autumn, you have grown more bright
With every year of warmth and light,
So here's to you, and all you've grown,
The dearest heart we've ever known.

Happy birthday, Grandma!"""

D20 = """Good evening, everyone! For those who don't know me, I'm Chris, and I've been Sam's best friend since we were nine years old and got detention together for building a volcano in the school library.

I've watched Sam go through a lot of phases: the skateboarding phase, the bread-baking phase, the year he only wore cargo shorts. But the day he met Olivia, something changed. He started showing up on time. He learned how to fold fitted sheets. He even gave up the cargo shorts... mostly.

Olivia, thank you for making my best friend the happiest I've ever seen him. You two bring out the best in each other, and it's a joy to be around you.

So please, everyone, raise your glasses. To Sam and Olivia: may your life together be full of laughter, adventure, and properly folded sheets. Cheers!"""

T21 = ("Write a cover letter for Jordan Ellis applying for the Data Analyst "
       "position at Northwind Grocers. Highlight SQL and Tableau experience, "
       "mention the 15% reduction in stockouts Jordan achieved at Pinecrest "
       "Markets, and keep it under 250 words.")

D21 = """Cover Letter: Data Analyst, Northwind Grocers
(Highlight SQL and Tableau experience)

Dear Hiring Manager,

I'm excited to apply for the Data Analyst position at Northwind Grocers. As a shopper who has watched your stores grow across the Midwest, I'd love to help turn your operational data into better decisions on the shelf.

At Pinecrest Markets, I spent three years building the reports that buyers and store managers relied on every morning. I wrote the SQL pipelines that combined point-of-sale, inventory, and supplier data, and I worked with the replenishment team to flag slow-moving items earlier. Together we reduced stockouts by 15% across 42 stores within a year.

I enjoy the part of analysis that happens after the query runs: explaining what the numbers mean to people who don't live in spreadsheets, and making sure the dashboard actually changes what someone does on Monday morning.

I'd welcome the chance to discuss how I could support Northwind's merchandising and supply chain teams. Thank you for your consideration.

Sincerely,
Jordan Ellis"""

D22 = """**Product sync, Tues, March 12, 2024**
Attendees: Maya (PM), Leo (Eng), Priscilla (Design), Omar (Support)

**Discussion**
- Onboarding checklist: Priscilla shared new mockups; team agreed to drop step 4 (import contacts) from the first session.
- Support tickets about password resets are up 30% since the SSO change. Omar thinks the error message is confusing.
- Leo flagged that the billing migration may slip a week because of the payments provider's API limits.

**Decisions**
- Ship the shorter onboarding flow behind a feature flag on March 25.
- Rewrite the SSO error message before Friday.

**Action items**
- Priscilla: final onboarding designs by Mar 18
- Leo: confirm the new billing date with Finance
- Omar: send the five most common reset tickets to Maya

Next sync: March 19"""

T23 = ("Write 5 FAQ entries for our coworking space, Hive Desk. Cover opening "
       "hours, day passes, parking, guests, and cancellations.")

D23 = """**Hive Desk: Frequently Asked Questions**

**What are your opening hours?**
Members with a 24/7 plan can access the space any time with their key card. Staffed hours are Monday to Friday, 8 a.m. to 6 p.m.

**Do you offer day passes?**
Yes. A day pass is $25 and includes a hot desk, Wi-Fi, coffee, and printing up to 20 pages. You can book one online or at the front desk.

**Is there parking?**
There's a public garage next door on 4th Street with a $12 daily max. Bike racks are available inside the lobby.

**Can I bring guests?**
Members can bring up to two guests per day for free. Guests need to sign in at reception.

**Can I bring my dog?**
Well-behaved dogs are welcome on Fridays ("Dog Day"). Please keep them leashed in shared areas."""

T24 = ("Reply to a customer who can't log in after resetting their password. "
       "Explain they should clear their browser cache, mention that reset links "
       "expire after 30 minutes, and give them the support phone number "
       "1-800-555-0147.")

D24 = """Hi Sam,

Thanks for reaching out, and sorry for the trouble getting back into your account.

When a new password doesn't work right after a reset, the most common cause is an old login session saved in your browser. Here's what usually fixes it:

1. Clear your browser's cache and cookies (or open a private/incognito window).
2. Go to app.kitepay.com/login and sign in with your email and new password.
3. If you still see an error, request a fresh reset link from the login page.

If none of that works, just reply to this email with a screenshot of the error and we'll take a look right away.

Best,
Nadia
KitePay Support

---
Internal note (delete before sending): give them the support phone number 1-800-555-0147"""

D25 = """Subject: Office closed Monday, July 1 (building maintenance)

Hi everyone,

Our Denver office will be closed on Monday, July 1, while the building replaces the HVAC system. Please plan to work from home that day.

A few things to know:
- The building will be fully locked, including the parking garage.
- If you need equipment from your desk, grab it by 5 p.m. on Friday, June 28.
- The office reopens Tuesday, July 2, at the usual time.

Client meetings scheduled in the office that day should move to Zoom. If that's not possible, let Hannah know and she'll book a room at the WeWork on Blake Street.

Thanks for your flexibility!

Lydia Chen
Office Manager"""

T26 = ("Write an invitation to our neighborhood block party on Saturday, "
       "September 14, 3-7 p.m. on Elm Street. Mention it's potluck style, kids "
       "are welcome, and ask people to RSVP to Carla by September 7.")

D26 = """🎉 You're Invited: Elm Street Block Party! 🎉

Neighbors, it's time to close the street, fire up the grills, and finally put names to faces!

📅 Saturday, September 14
⏰ 3:00-7:00 p.m.
📍 Elm Street (between Oak and Pine)

It's potluck style, so bring a dish to share. Anything from grandma's famous casserole to a bag of chips is perfect. We'll have the grills going, plus lawn games, music, and a chalk-art corner.

Bring your chairs, your appetite, and your neighbors!

RSVP: ask people to RSVP to Carla by September 7"""

D27 = """**Remote Work Policy, Section 3: Eligibility and Expectations**

3.1 Full-time employees who have completed their 90-day introductory period may work remotely up to three days per week, with their manager's approval.

3.2 Remote employees must be reachable by chat and phone during core hours, 10 a.m. to 3 p.m. in their local time zone.

3.3 Employees are responsible for a safe, quiet workspace and a reliable internet connection of at least 25 Mbps. The company will reimburse up to $50 per month for internet costs.

3.4 Company laptops must be used for all work. Confidential documents may not be printed at home.

3.5 Managers may require in-office attendance for team events, training, or client visits with at least 48 hours' notice."""

T28 = ("Write a third-person speaker bio for Dr. Alicia Moreno for a conference "
       "program. She's a marine biologist at the Scripps Institution of "
       "Oceanography who studies coral reef recovery. Under 80 words.")

D28 = """Dr. Alicia Moreno is a marine biologist at the Scripps Institution of Oceanography, where she studies how coral reefs recover after bleaching events. Her fieldwork spans the Pacific, from Palmyra Atoll to the Gulf of California, and her research on heat-tolerant corals has been featured in Nature and on NPR's Science Friday. Before joining Scripps, she earned her PhD at the University of Hawaii. When she's not diving, Alicia coaches a youth swim team in San Diego and volunteers with local beach cleanups."""

T29 = ("Give me 5 headline options for a blog post about saving money on "
       "groceries. Each under 10 words. No clickbait.")

D29 = """1. 12 Simple Ways to Cut Your Grocery Bill
2. How to Save $100 a Month on Groceries
3. The Budget Shopper's Guide to Smarter Grocery Runs
4. You Won't Believe What This Mom Spends on Food Each Week
5. Eat Well for Less: A Practical Grocery Savings Plan
6. Stop Overspending at the Supermarket"""

D30 = """Headline 1: Fresh Meal Kits Delivered
Headline 2: 50% Off Your First Box
Headline 3: Ready in 20 Minutes
Description 1: Chef-designed recipes with pre-portioned ingredients. Skip the store and cook something great tonight.
Description 2: Pause or cancel anytime. Free delivery on every order. Order by Sunday."""

T31 = ("Create a 45-minute lesson plan for 5th graders on the water cycle. "
       "Include learning objectives, a hands-on activity, and an exit ticket. "
       "List materials needed.")

D31 = """Lesson requirements: 45-minute lesson plan for 5th graders on the water cycle. Include learning objectives, a hands-on activity, and an exit ticket. List materials needed.

**The Water Cycle: Where Does Rain Come From?**

**Learning objectives**
Students will be able to:
- Name the four main stages of the water cycle: evaporation, condensation, precipitation, and collection
- Explain how the sun's heat drives evaporation

**Warm-up (5 min)**
Ask: "Where does a puddle go on a sunny day?" Record ideas on the board.

**Mini-lesson (10 min)**
Walk through a diagram of the water cycle, pausing at each stage for students to act it out with hand motions.

**Hands-on activity (20 min)**
In pairs, students build a "water cycle in a bag": add a little blue-tinted water to a zip-top bag, seal it, and tape it to a sunny window. Students sketch the bag now and predict what they'll see tomorrow.

**Wrap-up (10 min)**
Pairs share predictions. Connect their ideas back to the four stages."""

D32 = """**3 Days in Lisbon**

**Day 1: Alfama & Baixa**
- Morning: Ride Tram 28 up to Sao Jorge Castle (arrive by 9 a.m. to beat the lines).
- Afternoon: Wander Alfama's alleys; lunch at a tasca for grilled sardines.
- Evening: Fado dinner at Clube de Fado (book ahead).

**Day 2: Belem**
- Morning: Jeronimos Monastery, then custard tarts at Pasteis de Belem.
- Afternoon: Belem Tower and the MAAT museum along the river.
- Evening: Sunset drinks at a rooftop bar in Bairro Alto.

**Day 3: Day trip to Sintra**
- Take the 40-minute train from Rossio station.
- Visit Pena Palace and the Moorish Castle (buy tickets online).
- Return by early evening for a farewell dinner in Principe Real.

Tip: Get a Viva Viagem card for trams, metro, and trains."""

T33 = ("Write a one-paragraph project summary for our grant application to the "
       "Riverside Community Foundation. We're requesting $45,000 for a free "
       "after-school coding program for 60 middle schoolers in East Riverside. "
       "Mention outcomes we'll measure.")

D33 = """Code Forward East Riverside will offer a free, twice-weekly after-school coding program for 60 middle school students at Jefferson and Lincoln Middle Schools, where fewer than one in five students currently have access to computer science classes. Over the 2024-25 school year, students will build games, websites, and simple apps in small groups led by trained college mentors, and finish with a community showcase for families. We are requesting $45,000 from the Riverside Community Foundation to cover mentor stipends, 30 refurbished laptops, and snacks and transportation for participants. We will track attendance, pre- and post-program coding skills assessments, and the number of students who enroll in an elective computer science course the following year."""

D34 = """Subject: Your April garden to-do list 🌱

Hi there,

Spring is officially here, and the soil is finally warm enough to get planting. Here's what we're doing this month at Greenway Nursery, and what you can do at home.

**Plant now:** peas, spinach, lettuce, and radishes can go straight into the ground. Wait until after Mother's Day for tomatoes and peppers.

**Workshop:** Join our free "Raised Beds 101" class on Saturday, April 20 at 10 a.m. Seats are limited to 25, so save yours at greenwaynursery.com/classes.

**Deal of the month:** 20% off all fruit trees through April 30.

Happy planting!
The Greenway Nursery team

P.S. Forward this to a friend who's been talking about starting a garden."""

T35 = ("Write a short press release announcing that Solstice Bikes is opening its "
       "third store in Austin on June 8. Include a quote from CEO Maria Duarte and "
       "a media contact (press@solsticebikes.com). Use the standard FOR IMMEDIATE "
       "RELEASE header.")

D35 = """FOR IMMEDIATE RELEASE

**Solstice Bikes Opens Third Store in Austin**

AUSTIN, Texas, May 20, 2024 -- Solstice Bikes, the family-owned bicycle shop known for its commuter and cargo bikes, will open its third location at 1400 South Congress Avenue on Saturday, June 8.

The 6,000-square-foot store will feature a full-service repair shop, an e-bike test track, and a community room that will host free bike maintenance classes every Tuesday evening. The first 100 customers on opening day will receive a free helmet.

[Include a quote from CEO Maria Duarte]

Solstice Bikes was founded in 2012 and also operates stores in San Antonio and Houston.

**Media contact:**
press@solsticebikes.com

###"""

D36 = """Hi Mrs. Patel, this is Brightsmile Dental reminding you of your cleaning appointment with Dr. Huang on Thu, Oct 10 at 2:30 PM. Reply C to confirm or R to reschedule. Reply STOP to opt out."""

T37 = ("Write a thank-you note to my neighbor Ruth for watering my plants while I "
       "was in Italy for two weeks. Keep it warm and brief, and mention I brought "
       "her back some olive oil.")

D37 = """Dear Ruth,

Thank you so much for looking after my plants while I was away! I came home to a happy, green apartment. Even the fussy fiddle-leaf fig made it, which is more than I can say for when I'm in charge.

I brought you a little something from Italy: a bottle of olive oil from a tiny family farm outside Florence. I hope you enjoy it as much as I did.

Let me know when you're free for coffee. It's on me.

With gratitude,
Nora"""

D38 = """Subject: Out of office until Monday, Nov 4

Hello,

Thanks for your email. I'm out of the office from Monday, October 28 through Friday, November 1, with limited access to email.

For anything urgent about invoices or payments, please contact Raj Mehta at raj.mehta@calderafinance.com or (312) 555-0166. For all other matters, I'll reply as soon as I'm back on Monday, November 4.

Best regards,
Grace Liu
Accounts Payable Lead, Caldera Finance"""

D39 = """```bash
#!/usr/bin/env bash
set -euo pipefail

SRC="/var/www"
DEST="/backups"
STAMP="$(date +%Y-%m-%d)"
ARCHIVE="$DEST/www-$STAMP.tar.gz"

mkdir -p "$DEST"
tar -czf "$ARCHIVE" -C "$(dirname "$SRC")" "$(basename "$SRC")"
echo "Created $ARCHIVE"

# Remove backups older than 14 days
find "$DEST" -name 'www-*.tar.gz' -mtime +14 -delete
```"""

D40 = """```javascript
/**
 * Formats a number of cents as a US dollar string.
 * @param {number} cents
 * @returns {string}
 */
export function formatPrice(cents) {
  if (!Number.isInteger(cents)) {
    throw new TypeError("cents must be an integer");
  }
  return new Intl.NumberFormat("en-US", {
    style: "currency",
    currency: "USD",
  }).format(cents / 100);
}

// formatPrice(123456) returns "$1,234.56"
```"""

D41 = """**Khao Soi Gai** - Northern-style curry noodle soup with braised chicken, crispy egg noodles, pickled mustard greens, and lime. 🌶️🌶️

**Pad Pak Ruam (V)** - Wok-fried seasonal vegetables and tofu in a light garlic-soy sauce, served with jasmine rice.

**Larb Tod** - Crispy fried pork and herb patties with toasted rice powder, mint, and shallots. Served with sticky rice and fresh cabbage. 🌶️

**Mango Sticky Rice (V)** - Sweet coconut sticky rice with ripe Ataulfo mango and toasted mung beans.

Key: (V) = vegan, 🌶️ = spicy"""

D42 = """**Sunny 3-Bed Craftsman Near Riverside Park: $525,000**

Welcome home to 218 Alder Street, a 1924 Craftsman that's been lovingly updated without losing its charm. Original oak floors, built-in bookshelves, and a wood-burning fireplace anchor the living room, while the renovated kitchen adds quartz counters, a gas range, and a breakfast nook that catches the morning light.

Upstairs you'll find three bedrooms and a full bath with a clawfoot tub. A second half-bath sits off the mudroom. Outside, the fenced backyard has raised garden beds and a detached one-car garage.

- 3 beds / 1.5 baths
- 1,640 sq ft
- 0.18-acre lot
- New roof (2022)

Open house: Sunday, 1-4 p.m. Call Dana Brooks at (503) 555-0148 to schedule a private showing."""

T43 = ("Write a letter to my landlord, Mr. Harris, about the broken heater in "
       "apartment 4B. It's been broken since January 3 and I reported it twice. "
       "Ask for it to be fixed within 7 days. Firm but polite.")

D43 = """January 17, 2025

Dear Mr. Harris,

I am writing about the heater in Apartment 4B, which has not worked since January 3. I reported the problem by phone on January 4 and by email on January 9, but it has not yet been repaired.

With overnight temperatures below freezing, the apartment has been dropping to around 55°F, and I have had to buy two space heaters to keep it livable. Under our lease and local housing code, working heat is a required service.

Please arrange for the heater to be repaired as soon as possible. I'm happy to provide access to the unit any weekday after 4 p.m. or on weekends.

Thank you for your prompt attention to this matter.

Sincerely,
Olivia Bennett
Apartment 4B
(617) 555-0123"""

D44 = """**Mid-year review: Jonah Reyes, Customer Success Specialist**

**Strengths**
Jonah consistently goes above and beyond for his accounts. His CSAT score this half was 96%, the highest on the team, and two enterprise clients named him specifically in renewal calls. He also created the onboarding checklist that the whole team now uses.

**Areas for growth**
Jonah sometimes takes on too much himself instead of escalating. In March, a billing issue for Hartwell Co. sat for nine days before reaching Finance. Going forward, I'd like him to flag blockers within 48 hours.

**Goals for H2**
1. Reduce average ticket resolution time from 3.1 days to 2.5 days.
2. Lead one team training session on the new CRM.
3. Mentor our new hire, Aisha, through her first 90 days.

**Overall rating:** Exceeds expectations"""

D45 = """Happy 40th, Ben! 🎂

Four decades of bad puns, questionable dance moves, and the best pancakes on the planet. We wouldn't have it any other way. Here's to another year of adventures, and maybe finally learning to parallel park.

Love you lots,
Kate & the kids"""

T46 = ("Write a podcast episode description for episode 52 of 'Small Shop, Big "
       "Dreams' featuring guest Tasha Green, founder of Rooted Candle Co. Include "
       "3 key takeaways as bullet points and a link to the show notes "
       "(smallshopbigdreams.fm/52).")

D46 = """**Ep. 52: From Kitchen Table to 400 Stockists, with Tasha Green**

When Tasha Green poured her first batch of soy candles in 2019, she was working nights as a nurse and selling at one Saturday market. Five years later, Rooted Candle Co. is carried in more than 400 boutiques across the country.

In this episode, Tasha talks about the wholesale pitch that finally landed her first big account, why she raised prices twice in one year (and didn't lose customers), and the scent flop that taught her to test everything with her email list first.

Whether you're still at the kitchen-table stage or ready to scale, this one's packed with honest advice.

🎧 Listen now, and find a link to the show notes on our website."""

T47 = ("Post a Slack update in #eng-platform about the database migration: it "
       "finished at 2:15 a.m. with no data loss, read latency is down 35%, and "
       "remind people the old cluster will be shut down on Friday.")

D47 = """:white_check_mark: *Postgres migration complete*

Hey team, the migration to the new Postgres 16 cluster finished at 2:15 a.m. ET. We ran row-count and checksum comparisons across all 212 tables and everything matches, so no data was lost.

Early numbers look great:
• p50 read latency: 20 ms -> 13 ms
• p95 read latency: 100 ms -> 65 ms
• Replication lag: under 1 s

Huge thanks to @kira and @devon for the late night. If you see anything odd, drop it in this channel or page the on-call.

(remind people the old cluster will be shut down on Friday)"""

T48 = ("Write 6 customer satisfaction survey questions for a gym. Mix "
       "multiple-choice and open-ended questions, and don't ask for personal "
       "information like name or email.")

D48 = """**Summit Fitness Member Survey**

1. How often do you visit Summit Fitness?
   - Less than once a week
   - 1-2 times a week
   - 3-4 times a week
   - 5 or more times a week

2. How satisfied are you with the cleanliness of the locker rooms? (1 = very dissatisfied, 5 = very satisfied)

3. Which classes do you attend most? (Select all that apply)
   - Yoga
   - Spin
   - HIIT
   - Strength
   - I don't take classes

4. What is one thing we could do to improve your experience?

5. How likely are you to recommend Summit Fitness to a friend? (0-10)

6. If you'd like us to follow up, please leave your email address: ________"""

# ---------------------------------------------------------------------------
# Rows
# ---------------------------------------------------------------------------

P, F, NA, PN, FN = "pass", "fail", "n/a", "pass|n/a", "fail|n/a"

ROWS: list[dict] = []


def _block(prefix, domain, draft, task, items):
    for slug, criterion, label, why in items:
        ROWS.append({
            "id": f"{prefix}-{slug}",
            "domain": domain,
            "criterion": criterion,
            "draft": draft,
            "task": task,
            "label": label,
            "why": why,
        })


_block("d01", "sales_email", D01, T01, [
    ("trial30", "Mentions the 30-day free trial", F, "Near miss: offers 'free for 14 days', not a 30-day trial."),
    ("name", "Addresses Dana by name", P, "Greeting 'Hi Dana,'."),
    ("under150", "Under 150 words", P, "115 words counting subject and signature (about 109-121 by other tokenizations)."),
    ("ask-call", "Ends by asking for a 15-minute call", P, "Last body sentence is 'Would you be open to a 15-minute call ...?'; only the sign-off follows."),
    ("stat", "Includes a statistic", P, "'cut fuel spend by 12-18%'."),
    ("persuasive", "Is persuasive", NA, "Matter of taste."),
    ("explains", "Explains what RouteWise does", PN, "Says it plans multi-stop routes and adjusts them live; recognizing this as the explanation needs reading."),
    ('link', 'Includes a link to book a demo', F, 'No URL anywhere; only an email address.'),
    ('under100', 'Under 100 words', F, '115 words (109 without the subject line; 121 counting runs of word characters).'),
    ('testimonial', 'Includes a customer testimonial', FN, "'Teams like yours typically cut fuel spend' is a generic claim, not a testimonial."),
])

_block("d02", "interview_thank_you_email", D02, "", [
    ("thanks", "Thanks the interviewer", P, "'Thank you for taking the time to speak with me'."),
    ("title", "Mentions the job title", P, "'Product Designer role'."),
    ("specific", "References something specific from the interview", PN, "Mentions the patient-intake redesign and weekly usability sessions."),
    ("signoff", "Signs off with the sender's name", P, "'Warm regards, Priya Natarajan'."),
    ("under100", "Under 100 words", F, "127 words (120 without the subject line)."),
    ("endq", "Ends with a question", F, "Body ends 'I look forward to hearing about next steps.'; no question anywhere at the end."),
    ("date", "Includes the date of the interview", FN, "Only a weekday ('on Thursday'); no calendar date, and deciding a weekday is not enough needs interpretation."),
    ("professional", "Tone is professional", NA, "Matter of taste."),
    ("phone", "Includes a phone number", F, "Signature has only an email address."),
    ("fit", "Connects the candidate's experience to the role", PN, "Ties the Parcel checkout work (22% lift) to the form-abandonment challenge."),
])

_block("d03", "apology_email", D03, T03, [
    ("apologizes", "Apologizes to the customer", P, "'I'm so sorry' and 'our apologies'."),
    ("order", "References the order number", P, "'#48213' in the subject line."),
    ("offer", "Offers a full refund or a free replacement", P, "Both offered as bullets."),
    ("code", "Includes the discount code SORRY15", F, "SORRY15 appears only in the leftover note that copies the task: copied instruction «include a 15% discount code (SORRY15) for their next order»."),
    ("discount", "Offers a 15% discount on the next order", F, "No discount is offered in the email; 15% appears only in copied instruction «include a 15% discount code (SORRY15) for their next order»."),
    ("jamie", "Signs off as Jamie", P, "Signature 'Jamie, Fernleaf Home Customer Care'."),
    ("no-return", "Tells the customer they don't have to return the damaged item", PN, "'You don't need to send the damaged item back' (paraphrase of return)."),
    ("empathetic", "Is empathetic", NA, "Matter of taste."),
    ("cause", "Explains what caused the damage", FN, "Acknowledges the damage but gives no cause."),
    ("placeholder", "Contains no placeholder or bracketed notes", F, "Contains '[Note: include a 15% discount code ...]'."),
])

_block("d04", "meeting_request_email", D04, "", [
    ("purpose", "States the purpose of the meeting", PN, "To go over the Q3 marketing budget; identifying it as the purpose needs reading."),
    ("times", "Proposes specific times", P, "'Wednesday after 2 p.m. or Thursday morning'."),
    ("length", "Specifies how long the meeting will take", P, "'30 minutes'."),
    ("two-points", "Lists exactly two discussion points", P, "Two numbered items (1 and 2)."),
    ("link", "Includes a video call link", F, "No link of any kind."),
    ("under100", "Under 100 words", P, "92 words including subject and sign-off."),
    ("polite", "Is polite", NA, "Matter of taste."),
    ("location", "Mentions where the meeting will take place", F, "No room, address, or video platform given."),
    ("endq", "Ends with a question", F, "Body ends 'send an invite for whatever time suits you.' then 'Thanks, Ellen'; the question is in the first paragraph."),
    ('prep', 'Offers to share the budget figures before the meeting', FN, 'Nothing is offered in advance; confirming needs reading.'),
])

_block("d05", "resignation_email", D05, T05, [
    ("lastday", "States the last day of work", P, "'My last day will be Friday, August 30.'"),
    ("no-employer", "Does not mention the new employer", FN, "Names 'Carver & Associates' as the new role; the criterion gives no name, so recognizing it as the new employer needs reading."),
    ("train", "Offers to help train a replacement", PN, "'glad to help train whoever takes over my responsibilities'; the word replacement is not used."),
    ("thanks", "Thanks the manager", P, "'Thank you again for everything'."),
    ("positive", "Keeps a positive tone", NA, "Matter of taste."),
    ("title", "Mentions the job title", P, "'Senior Accountant'."),
    ("no-criticism", "Does not criticize the company or colleagues", PN, "No negative remarks; confirming the absence of criticism needs reading."),
    ("phrase-notice", "Uses the phrase 'two weeks' notice'", F, "Says 'formal notice' only; 'two weeks' notice' does not appear."),
    ('reference', 'Requests a reference or recommendation', FN, 'No request for a reference.'),
    ('phone', 'Includes a phone number', F, 'No phone number.'),
])

_block("d06", "linkedin_post", D06, T06, [
    ("investors", "Thanks the investors", F, "The post thanks clinics, not investors; only the preamble copies the task: copied instruction «thank our investors, mention we're hiring engineers, and include the careers link»."),
    ("hiring", "Mentions that the company is hiring engineers", F, "Hiring is never mentioned in the post; only in copied instruction «thank our investors, mention we're hiring engineers, and include the careers link»."),
    ("careers-link", "Includes the careers link", F, "No URL at all; 'careers link' appears only in copied instruction «thank our investors, mention we're hiring engineers, and include the careers link»."),
    ("amount", "Mentions the $12M Series A", P, "'our $12M Series A'."),
    ("hashtags", "Uses hashtags", P, "#startups #healthtech #SeriesA."),
    ("emoji", "Includes at least one emoji", P, "🎉 and 🚀."),
    ("engaging", "Is engaging", NA, "Matter of taste."),
    ("no-preamble", "Contains only the post text, with no preamble", F, "Begins with 'Here's a LinkedIn post that will ...'."),
    ("product", "Explains what the company's product does", PN, "Scheduling for clinics, filling last-minute cancellations."),
    ('thanks-team', 'Thanks the team', FN, "Thanks customers (clinics) only; the founders' story is not a thank-you to the team."),
])

_block("d07", "social_post_x", D07, "", [
    ("chars200", "Under 200 characters", F, "209 characters."),
    ("endq", "Ends with a question", P, "'What should we build after that?'"),
    ("platforms", "Mentions both iOS and Android", P, "'for iOS and Android'."),
    ("hashtag", "Includes a hashtag", F, "No # tag."),
    ("link", "Includes a link", F, "No URL."),
    ("howto", "Tells users how to turn on the feature", PN, "Update the app and flip the switch in Settings > Appearance."),
    ("product", "Names the product", P, "'Notewell'."),
    ("catchy", "Is catchy", NA, "Matter of taste."),
    ("date", "Includes a specific release date", F, "Only 'Shipping day'; no date."),
    ('patience', 'Thanks users for their patience', FN, "'finally live' hints at a wait but nobody is thanked."),
])

_block("d08", "instagram_caption", D08, T08, [
    ("price475", "States the price as $4.75", F, "Near miss: gives $4.25."),
    ("price", "Includes a price", P, "'$4.25 each'."),
    ("under50", "Under 50 words", P, "39 words including the hashtags."),
    ("hashtags", "Includes 3-5 hashtags", F, "6 hashtags."),
    ("product", "Names the lavender honey croissant", P, "'lavender honey croissants'."),
    ("when", "Says when the croissants are available", PN, "'every weekend while they last'."),
    ("cta", "Includes a call to action", P, "'Come early!'"),
    ("delicious", "Makes the croissant sound delicious", NA, "Matter of taste."),
    ("tag", "Tags the bakery's account", F, "No @handle."),
    ("urgency", "Creates a sense of urgency", PN, "'while they last' and 'Come early!'."),
])

_block("d09", "product_description", D09, T09, [
    ("weight", "Mentions the weight (1.9 lbs)", P, "'At just 1.9 lbs'."),
    ("setup", "Says it sets up in under 3 minutes", PN, "'pitch it in under three minutes': synonym for set up and the number spelled out."),
    ("warranty", "Mentions the 2-year warranty", F, "Warranty appears only in the leftover brief note: copied instruction «comes with a 2-year warranty. End with the price: $249.»."),
    ("ends-price", "Ends with the price", F, "The description itself never gives a price; the final line is copied instruction «comes with a 2-year warranty. End with the price: $249.»."),
    ("price", "Gives the price", F, "$249 only appears in copied instruction «comes with a 2-year warranty. End with the price: $249.»."),
    ("three", "Exactly 3 bullet points", P, "3 bullets."),
    ("second", "Written in second person", P, "'your pack', 'you can pitch it'."),
    ("appealing", "Makes the tent sound appealing", NA, "Matter of taste."),
    ("weather", "Mentions weather protection", PN, "Taped rainfly and bathtub floor 'keep storms on the outside'."),
    ('in-box', "Says what's included in the package", FN, 'Poles and clips are described as features, not as box contents; no stakes, bag or footprint listed.'),
])

_block("d10", "job_post", D10, T10, [
    ("pay", "States the hourly pay", P, "'$18-$21/hour plus tips'."),
    ("schedule", "Includes the schedule", P, "'Saturday and Sunday, 6:30 a.m. to 12:30 p.m.'."),
    ("apply", "Explains how to apply", P, "'To apply: send a short note ... to jobs@commongroundpdx.com'."),
    ("jargon", "Avoids corporate jargon", PN, "Plain, casual wording; judging jargon needs understanding."),
    ("health", "Mentions health insurance", F, "Benefits listed are tips, drinks and beans only."),
    ("welcoming", "Is welcoming", NA, "Matter of taste."),
    ("five", "Exactly 5 bullet points", F, "6 bullets (3 + 3)."),
    ("perks", "Mentions perks beyond pay", PN, "Free drinks on shift and a weekly bag of beans."),
    ("phrase", "Uses the phrase 'no experience necessary'", F, "Asks for 'Some cafe or restaurant experience'; phrase absent."),
    ('growth', 'Mentions opportunities for advancement', FN, 'Only training on espresso; no growth path.'),
])

_block("d11", "product_review", D11, "", [
    ("stars", "Gives a star rating", P, "★★★★☆."),
    ("downside", "Mentions at least one downside", PN, "Noise and a short tamper."),
    ("price", "Mentions the price", P, "'$129'."),
    ("first", "Written in first person", P, "'I've used', 'My only real complaint'."),
    ("duration", "Says how long the reviewer has used the product", P, "'almost daily for two months'."),
    ("recommend", "Recommends the product", PN, "'I'd buy it again' implies a recommendation."),
    ("under100", "Under 100 words", F, "113 words."),
    ("balanced", "Is balanced", NA, "Matter of taste."),
    ("competitor", "Compares it to a named competitor", FN, "Only 'brands that cost twice as much'; no brand named."),
    ('warranty', 'Mentions the warranty', F, 'Not mentioned.'),
])

_block("d12", "recipe", D12, T12, [
    ("dairy", "Is dairy-free", FN, "Calls for 1/4 cup grated Parmesan; knowing Parmesan is dairy needs world knowledge."),
    ("quantities", "Lists ingredients with quantities", P, "Every line but 'Salt and pepper to taste' has an amount."),
    ("numbered", "Numbers the steps", P, "Steps 1-5."),
    ("time", "Includes the total cooking time", P, "'ready in 30 minutes'."),
    ("five-steps", "Exactly 5 steps", P, "5 numbered steps."),
    ("eight-ingr", "Exactly 8 ingredients", F, "9 ingredient lines."),
    ("oven", "Includes an oven temperature", F, "Stovetop only; no temperature."),
    ("beginner", "Easy for a beginner cook to follow", NA, "Matter of taste."),
    ('veg', 'Includes a vegetable', PN, 'Baby spinach; knowing it is a vegetable needs world knowledge.'),
    ('nutrition', 'Includes nutrition information', F, 'No calories or macros.'),
])

_block("d13", "release_notes", D13, "", [
    ("version", "Includes the version number", P, "'Version 3.4.0'."),
    ("date", "Includes a release date", P, "'May 21, 2024'."),
    ("fixes", "Mentions bug fixes", PN, "'Fixed' section (a crash, wrong tax rounding); the word bug is not used."),
    ("deprecation", "Announces the v1 API deprecation", P, "'Deprecated' section: v1 Invoices API retired."),
    ("six", "Exactly 6 bullet points", F, "7 bullets (2 + 2 + 2 + 1)."),
    ("guide", "Links to the migration guide", F, "No link."),
    ("why", "Explains why the changes were made", FN, "Lists changes without giving reasons."),
    ("nontech", "Is clear to non-technical users", NA, "Matter of taste."),
    ("perf", "Describes a performance improvement", PN, "Dashboard 'loads about 40% faster'."),
    ('credits', 'Credits contributors', F, 'No names or thanks.'),
])

_block("d14", "sql_query", D14, T14, [
    ("join", "Uses a JOIN", P, "'JOIN orders AS o'."),
    ("year", "Filters to orders placed in 2023", PN, "created_at >= '2023-01-01' and < '2024-01-01'; reading the range as 2023 needs interpretation."),
    ("groupby", "Uses GROUP BY", P, "'GROUP BY c.id, c.name, c.email'."),
    ("having", "Uses HAVING to filter on the order count", P, "'HAVING COUNT(o.id) > 3'."),
    ("desc", "Sorts results in descending order", P, "'ORDER BY order_count DESC'."),
    ("onlycols", "Returns only the name and email columns", F, "Also returns order_count."),
    ("limit", "Includes a LIMIT clause", F, "No LIMIT."),
    ("efficient", "Is efficient", NA, "Matter of judgment."),
    ('leftjoin', 'Uses a LEFT JOIN', F, 'Near miss: plain (inner) JOIN.'),
    ('ties', 'Breaks ties in the ordering', FN, 'Orders only by order_count; no secondary sort key.'),
])

_block("d15", "python_function", D15, T15, [
    ("raises", "Raises a ValueError for an empty list", F, "Code never raises; an empty list hits ordered[-1] and raises IndexError. ValueError appears only in the docstring, which is copied instruction «Raise a ValueError if the list is empty.»."),
    ("hints", "Includes type hints", P, "'values: list[float]) -> float'."),
    ("docstring", "Includes a docstring", P, "Triple-quoted docstring present."),
    ("even", "Averages the two middle values for even-length lists", PN, "(ordered[mid - 1] + ordered[mid]) / 2 when n is even."),
    ("no-mutate", "Does not modify the input list", PN, "Uses sorted(), which returns a new list."),
    ("examples", "Includes usage examples", P, "Second block with >>> median(...) calls."),
    ("statistics", "Uses the statistics module", F, "No import."),
    ("readable", "Is readable", NA, "Matter of taste."),
    ('empty', 'Handles an empty list gracefully', FN, 'With n = 0 the code indexes ordered[-1] and raises IndexError; needs code reasoning.'),
    ('tests', 'Includes unit tests using pytest', F, 'Only interactive examples; no pytest tests.'),
])

_block("d16", "json_config", D16, "", [
    ("valid", "Is valid JSON", F, "Trailing comma after \"port\": 5432 inside \"database\"."),
    ("port", "Sets the port to 8080", P, "\"port\": 8080."),
    ("debug", "Turns debug mode off", P, "\"debug\": false."),
    ("db", "Includes a database section with host and name", P, "\"database\" object has host and name."),
    ("indent", "Uses 2-space indentation", P, "Each level indents by 2 spaces."),
    ("password", "Includes a database password field", F, "No password key; the note says to use an environment variable instead."),
    ("organized", "Is well organized", NA, "Matter of taste."),
    ("secrets", "Keeps secrets out of the config file", PN, "Says to set the password through an environment variable."),
    ('loglevel', 'Sets a log level', F, 'No logging key.'),
    ('envs', 'Separates production and development settings', FN, 'One flat config; nothing split by environment.'),
])

_block("d17", "ci_yaml", D17, "", [
    ("pr", "Runs on pull requests", P, "'pull_request:' trigger."),
    ("py312", "Tests against Python 3.12", P, "\"3.12\" in the matrix."),
    ("matrix", "Uses a matrix of Python versions", P, "strategy.matrix.python-version."),
    ("cache", "Caches pip dependencies", P, "'cache: pip'."),
    ("lint", "Runs a linter", F, "Only installs and runs pytest."),
    ("deploy", "Deploys to production", F, "No deploy job."),
    ("windows", "Runs on Windows", F, "runs-on: ubuntu-latest only."),
    ("best", "Follows CI best practices", NA, "Matter of judgment."),
    ("quoted", "Quotes the Python versions so 3.10 is not read as 3.1", PN, "Versions are quoted; knowing why needs YAML understanding."),
    ('py39', 'Tests against Python 3.9', F, 'Near miss: matrix is 3.10, 3.11, 3.12.'),
])

_block("d18", "readme", D18, T18, [
    ("install", "Includes installation instructions using pip", P, "'pip install tidyclip'."),
    ("usage", "Includes a usage example", P, "Usage section with commands."),
    ("license", "Has a License section", F, "No License heading; only an HTML comment with copied instruction «a License section (MIT)»."),
    ("mit", "States that the license is MIT", F, "MIT appears only in copied instruction «a License section (MIT)» inside a TODO comment."),
    ("python", "States the minimum Python version", P, "'Requires Python 3.9 or later.'"),
    ("what", "Explains what the tool does", PN, "Opening line describes stripping smart quotes, whitespace and tracking parameters."),
    ("contributing", "Includes a contributing section", F, "No such section."),
    ("beginner", "Is beginner-friendly", NA, "Matter of taste."),
    ('platforms', 'Explains which operating systems are supported', FN, 'Nothing about macOS, Windows or Linux clipboard support.'),
    ('badge', 'Includes a badge', F, 'No badge images.'),
])

_block("d19", "poem", D19, T19, [
    ("four-stanzas", "Has four stanzas", FN, "Three four-line stanzas plus a one-line birthday greeting; a blank-line block count gives 4, so deciding needs understanding."),
    ("rhymes", "Rhymes", PN, "Couplets gold/cold, ground/sound, sun/done ...; judging rhyme needs pronunciation."),
    ("garden", "Mentions her garden", P, "'Your garden rests beneath the sun'."),
    ("birthday", "Includes a birthday wish", P, "'Happy birthday, Grandma!'"),
    ("heartfelt", "Is heartfelt", NA, "Matter of taste."),
    ("under100", "Under 100 words", P, "81 words."),
    ("four-lines", "Each stanza has four lines", PN, "Each of the three stanzas has 4 lines; the closing one-line greeting is not a stanza."),
    ("first-name", "Uses the grandmother's first name", F, "Only 'Grandma'."),
    ('title', 'Includes a title', F, 'Starts straight with the first line of verse.'),
    ('age', "Mentions the grandmother's age", F, 'No age or number.'),
])

_block("d20", "wedding_toast", D20, "", [
    ("greeting", "Opens with a greeting to the guests", P, "'Good evening, everyone!'"),
    ("names", "Mentions both partners by name", P, "Sam and Olivia."),
    ("story", "Includes a funny story", PN, "Detention for building a volcano in the library; cargo-shorts phase."),
    ("toast", "Ends with a toast", P, "'raise your glasses. To Sam and Olivia ... Cheers!'"),
    ("time", "Can be delivered in under 2 minutes", PN, "141 words, about a minute at a normal pace; needs a speaking-rate assumption."),
    ("funny", "Is funny", NA, "Matter of taste."),
    ("howmet", "Explains how the couple met", FN, "Says 'the day he met Olivia' but not how they met."),
    ("parents", "Thanks the couple's parents", F, "Parents never mentioned."),
    ("phrase", "Uses the phrase 'raise your glasses'", P, "'raise your glasses'."),
    ('under100', 'Under 100 words', F, '141 words.'),
])

_block("d21", "cover_letter", D21, T21, [
    ("tableau", "Mentions Tableau", F, "Tableau appears only in line 2, copied instruction «Highlight SQL and Tableau experience»; the letter never mentions it."),
    ("sql", "Mentions SQL experience", P, "Body: 'I wrote the SQL pipelines'."),
    ("stockouts", "Mentions the 15% reduction in stockouts", P, "'reduced stockouts by 15%'."),
    ("signoff", "Signs off with the applicant's name", P, "'Sincerely, Jordan Ellis'."),
    ("named-mgr", "Addresses a specific hiring manager by name", F, "'Dear Hiring Manager'."),
    ("why-company", "Explains why the applicant wants to work at this company", PN, "Has watched the stores grow and wants to improve shelf decisions."),
    ("compelling", "Is compelling", NA, "Matter of taste."),
    ("degree", "Mentions a degree", F, "No education mentioned."),
    ("clean", "Contains only the letter, with no leftover instructions", F, "Line 2 is '(Highlight SQL and Tableau experience)'."),
    ('leadership', 'Mentions leadership experience', FN, 'Worked with the replenishment team but never led people.'),
])

_block("d22", "meeting_notes", D22, "", [
    ("attendees", "Lists attendees", P, "'Attendees: Maya, Leo, Priscilla, Omar'."),
    ("duedates", "Every action item has a due date", F, "Only Priscilla's item has one (Mar 18)."),
    ("decisions", "Records decisions", P, "'Decisions' section."),
    ("date", "Includes the meeting date", P, "'March 12, 2024'."),
    ("risk", "Flags the risk to the billing migration", PN, "'billing migration may slip a week'."),
    ("three", "Exactly 3 action items", P, "3 bullets under Action items."),
    ("under100", "Under 100 words", F, "129 words."),
    ("skim", "Is easy to skim", NA, "Matter of taste."),
    ("budget", "Mentions the budget", F, "No budget item."),
    ('disagree', 'Notes any disagreements', FN, 'Only agreements and concerns; no disagreement recorded.'),
])

_block("d23", "faq", D23, T23, [
    ("five", "Has exactly 5 questions", P, "5 bold questions."),
    ("parking", "Covers parking", P, "'Is there parking?'"),
    ("cancel", "Covers cancellations", F, "No cancellation entry; the fifth question is about dogs."),
    ("daypass-price", "Gives the price of a day pass", P, "'A day pass is $25'."),
    ("short", "Each answer is 3 sentences or fewer", P, "Answers have 2, 3, 2, 2 and 2 sentences."),
    ("welcoming", "Is welcoming", NA, "Matter of taste."),
    ("pets", "Explains the pet policy", PN, "Dogs allowed on Fridays, leashed; 'pet' is not used."),
    ('two-sent', 'Each answer is 2 sentences or fewer', F, 'Near miss: the day-pass answer has 3 sentences.'),
    ('daypass-guests', 'Says whether day-pass holders can bring guests', FN, 'The guest answer covers members only.'),
    ('phone', 'Includes a phone number', F, 'None.'),
])

_block("d24", "support_reply", D24, T24, [
    ("cache", "Tells the customer to clear their browser cache", P, "Step 1: 'Clear your browser's cache and cookies'."),
    ("expire", "Mentions that reset links expire after 30 minutes", F, "Expiry and 30 minutes are never mentioned."),
    ("phone", "Gives the support phone number", F, "The number appears only in the internal note, copied instruction «give them the support phone number 1-800-555-0147»."),
    ("steps", "Includes numbered steps", P, "Steps 1-3."),
    ("apology", "Apologizes for the inconvenience", P, "'sorry for the trouble'."),
    ("login-link", "Includes a link to the login page", P, "app.kitepay.com/login."),
    ("empathetic", "Is empathetic", NA, "Matter of taste."),
    ("cause", "Explains the likely cause of the problem", PN, "'an old login session saved in your browser'."),
    ("internal", "Contains nothing meant only for internal use", F, "Ends with 'Internal note (delete before sending)'."),
    ('manual-reset', 'Offers to reset the password for the customer', FN, 'Asks for a screenshot instead; no offer to reset.'),
])

_block("d25", "internal_announcement", D25, "", [
    ("date", "States the date of the closure", P, "'Monday, July 1'."),
    ("reason", "Explains the reason for the closure", PN, "The building is replacing the HVAC system."),
    ("wfh", "Tells employees to work from home", P, "'Please plan to work from home that day.'"),
    ("reopen", "Says when the office reopens", P, "'reopens Tuesday, July 2'."),
    ("three", "Exactly 3 bullet points", P, "3 bullets."),
    ("pay", "Says whether employees will be paid for the day", F, "Pay is not mentioned."),
    ("clear", "Is clear", NA, "Matter of taste."),
    ('zoom-link', 'Includes a Zoom link', F, 'Mentions Zoom but gives no link.'),
    ('vendor', 'Names the HVAC contractor', F, 'No contractor named.'),
    ('sorry', 'Apologizes for the inconvenience', FN, "'Thanks for your flexibility!' is thanks, not an apology."),
])

_block("d26", "event_invitation", D26, T26, [
    ("rsvp-deadline", "Includes an RSVP deadline", F, "The RSVP line is only copied instruction «ask people to RSVP to Carla by September 7»."),
    ("rsvp-carla", "Asks guests to RSVP to Carla", F, "Carla appears only in copied instruction «ask people to RSVP to Carla by September 7»; guests are not actually asked."),
    ("date", "Includes the date", P, "'Saturday, September 14'."),
    ("time", "Includes the time", P, "'3:00-7:00 p.m.'."),
    ("potluck", "Mentions that it's a potluck", P, "'It's potluck style'."),
    ("kids", "Says kids are welcome", FN, "Not stated; lawn games and a chalk-art corner only hint at it."),
    ("festive", "Is festive", NA, "Matter of taste."),
    ("bring", "Tells guests what to bring", PN, "A dish to share, chairs."),
    ("under100", "Under 100 words", P, "91 words."),
    ('rain', 'Mentions a rain date', F, 'No rain plan.'),
])

_block("d27", "workplace_policy", D27, "", [
    ("eligible", "States who is eligible", PN, "Full-time employees past the 90-day introductory period."),
    ("core", "Specifies core hours", P, "'core hours, 10 a.m. to 3 p.m.'."),
    ("stipend", "Mentions an internet stipend", PN, "Reimburses up to $50 a month for internet; called reimbursement, not stipend."),
    ("maxdays", "Gives the maximum number of remote days per week", P, "'up to three days per week'."),
    ("parttime", "Addresses part-time employees", FN, "Only full-time employees are mentioned; whether that implicitly covers part-timers is interpretation."),
    ("consequences", "Explains the consequences of violating the policy", FN, "No consequences stated."),
    ("plain", "Written in plain language", NA, "Matter of taste."),
    ("notice", "States how much notice managers must give", P, "'at least 48 hours' notice'."),
    ('five-days', 'Allows employees to work remotely five days a week', F, 'Caps remote work at three days per week.'),
    ('effective', 'Includes an effective date', F, 'No date.'),
])

_block("d28", "speaker_bio", D28, T28, [
    ("third", "Written in third person", P, "'Dr. Alicia Moreno is', 'she studies'."),
    ("under80", "Under 80 words", F, "Near miss: 83 words."),
    ("institution", "Names her institution", P, "'Scripps Institution of Oceanography'."),
    ("focus", "Mentions coral reef recovery", PN, "'studies how coral reefs recover after bleaching events' (paraphrase)."),
    ("media", "Mentions a publication or media appearance", PN, "Featured in Nature and on NPR's Science Friday."),
    ("email", "Includes her email address", F, "No email."),
    ("phd", "Mentions her PhD", P, "'earned her PhD'."),
    ("polished", "Is polished", NA, "Matter of taste."),
    ("awards", "Mentions any awards", F, "No award, prize or honor mentioned."),
    ('years', 'States how many years of experience she has', FN, "No span of years given; 'Before joining Scripps' implies but does not state it."),
])

_block("d29", "headlines", D29, T29, [
    ("five", "Provides exactly 5 headlines", F, "6 numbered headlines."),
    ("under10", "Each headline is under 10 words", F, "#4 'You Won't Believe What This Mom Spends on Food Each Week' has 11 words."),
    ("clickbait", "Avoids clickbait", FN, "#4 'You Won't Believe ...' is clickbait; judging needs understanding."),
    ("numbered", "Headlines are numbered", P, "1-6."),
    ("grocery-word", "Every headline uses the word 'grocery' or 'groceries'", F, "#4 and #6 do not."),
    ("number", "At least one headline includes a number", P, "'12 Simple Ways', '$100'."),
    ("catchy", "Headlines are catchy", NA, "Matter of taste."),
    ("question", "Includes a headline phrased as a question", F, "No question marks."),
    ("save", "Uses the word 'save' in at least one headline", P, "#2 'How to Save $100 ...'."),
    ('result', 'Includes a headline that promises a concrete result', PN, "#2 'How to Save $100 a Month on Groceries'."),
])

_block("d30", "search_ad_copy", D30, "", [
    ("hlen", "Each headline is 30 characters or fewer", P, "25, 22 and 19 characters."),
    ("dlen", "Each description is 90 characters or fewer", F, "Description 1 is 102 characters."),
    ("discount", "Mentions a discount", P, "'50% Off Your First Box'."),
    ("cta", "Includes a call to action", P, "'Order by Sunday.'"),
    ("brand", "Mentions the brand name", F, "No brand named."),
    ("price", "Includes a price", F, "Only a percentage discount; no amount."),
    ("compelling", "Is compelling", NA, "Matter of taste."),
    ("cancel", "Says customers can cancel anytime", P, "'Pause or cancel anytime'."),
    ("quick", "Highlights how quick the meals are to make", PN, "'Ready in 20 Minutes'."),
    ('audience', 'Targets a specific audience', FN, 'Generic wording; no audience (families, busy parents, etc.) named.'),
])

_block("d31", "lesson_plan", D31, T31, [
    ("objectives", "Includes learning objectives", P, "'Learning objectives' section with two objectives."),
    ("handson", "Includes a hands-on activity", P, "'Hands-on activity (20 min)': water cycle in a bag."),
    ("exit", "Includes an exit ticket", F, "No exit ticket; only the restated requirements, copied instruction «Include learning objectives, a hands-on activity, and an exit ticket.»."),
    ("materials", "Lists the materials needed", F, "No materials list; only copied instruction «List materials needed.»."),
    ("grade", "States the grade level", F, "Grade appears only in copied instruction «45-minute lesson plan for 5th graders on the water cycle»."),
    ("timing", "Section timings add up to 45 minutes", P, "5 + 10 + 20 + 10 = 45."),
    ("stages", "Names the four stages of the water cycle", P, "Evaporation, condensation, precipitation, collection."),
    ("age", "Is age-appropriate", NA, "Matter of judgment."),
    ("prior", "Opens with a question to activate prior knowledge", PN, "Warm-up asks 'Where does a puddle go on a sunny day?'."),
    ("homework", "Assigns homework", FN, "Students predict what they'll see tomorrow, but no homework is assigned."),
])

_block("d32", "travel_itinerary", D32, "", [
    ("days", "Covers 3 days", P, "Day 1-3."),
    ("daytrip", "Includes a day trip", P, "'Day 3: Day trip to Sintra'."),
    ("eat", "Suggests where to eat", PN, "Tasca lunch, Clube de Fado, custard tarts at Pasteis de Belem."),
    ("costs", "Includes estimated costs", F, "No prices."),
    ("transit", "Mentions public transportation", PN, "Tram 28, train from Rossio, metro; the phrase is not used."),
    ("nine", "Exactly 9 bullet points", P, "3 bullets per day, 9 total."),
    ("hotel", "Recommends a hotel", F, "No lodging."),
    ("mae", "Breaks every day into morning, afternoon, and evening", F, "Day 3 bullets are not split that way."),
    ("pace", "Is well paced", NA, "Matter of taste."),
    ('travel-time', 'Accounts for travel time between sights', FN, 'Only the Sintra train time is given; no time between sights.'),
])

_block("d33", "grant_summary", D33, T33, [
    ("amount", "States the amount requested", P, "'requesting $45,000'."),
    ("funder", "Names the funder", P, "'Riverside Community Foundation'."),
    ("students", "States the number of students served", P, "'60 middle school students'."),
    ("outcomes", "Describes measurable outcomes", PN, "Attendance, pre/post assessments, CS elective enrollment."),
    ("funds", "Explains how the funds will be used", PN, "Mentor stipends, 30 laptops, snacks and transportation."),
    ("under100", "Under 100 words", F, "114 words."),
    ("persuasive", "Is persuasive", NA, "Matter of taste."),
    ("table", "Includes a budget table", F, "Prose only."),
    ('timeline', 'Includes a project timeline with milestones', FN, 'Gives the 2024-25 school year and a final showcase but no dated milestones.'),
    ('match', 'Mentions matching funds', F, 'Not mentioned.'),
])

_block("d34", "newsletter", D34, "", [
    ("link", "Includes a link", P, "greenwaynursery.com/classes."),
    ("workshop-date", "Gives the workshop date", P, "'Saturday, April 20 at 10 a.m.'."),
    ("discount", "Includes a discount", P, "'20% off all fruit trees'."),
    ("firstname", "Addresses the reader by first name", F, "'Hi there,'."),
    ("under150", "Under 150 words", P, "117 words."),
    ("advice", "Gives seasonal planting advice", PN, "What to plant now and to wait until after Mother's Day for tomatoes."),
    ("cheerful", "Is cheerful", NA, "Matter of taste."),
    ("unsubscribe", "Includes an unsubscribe link", F, "None."),
    ('address', "Includes the store's address", F, 'No address.'),
    ('raised-how', 'Explains how to build a raised bed', FN, 'Only advertises the class.'),
])

_block("d35", "press_release", D35, T35, [
    ("header", "Uses the FOR IMMEDIATE RELEASE header", P, "First line."),
    ("opening-date", "States the opening date", P, "'Saturday, June 8'."),
    ("quote", "Includes a quote from the CEO", F, "No quotation; only the bracketed copied instruction «Include a quote from CEO Maria Duarte»."),
    ("ceo", "Names the CEO", F, "Maria Duarte appears only in copied instruction «Include a quote from CEO Maria Duarte»."),
    ("contact", "Includes a media contact email", P, "press@solsticebikes.com."),
    ("dateline", "Includes a dateline", PN, "'AUSTIN, Texas, May 20, 2024 --'; recognizing a dateline needs press-release convention."),
    ("promo", "Mentions an opening-day promotion", PN, "Free helmet for the first 100 customers."),
    ("newsworthy", "Is newsworthy", NA, "Matter of judgment."),
    ('hours', "Includes the store's opening hours", F, 'No hours.'),
    ('why-location', 'Explains why the company chose this location', FN, 'No reason for South Congress given.'),
])

_block("d36", "sms_reminder", D36, "", [
    ("chars", "Under 160 characters", F, "188 characters."),
    ("when", "Includes the appointment date and time", P, "'Thu, Oct 10 at 2:30 PM'."),
    ("confirm", "Tells the patient how to confirm", P, "'Reply C to confirm'."),
    ("optout", "Includes opt-out instructions", P, "'Reply STOP to opt out.'"),
    ("address", "Includes the clinic's address", F, "No address."),
    ("phone", "Includes a phone number", F, "No number."),
    ("friendly", "Is friendly", NA, "Matter of taste."),
    ("sender", "Identifies who the message is from", PN, "'this is Brightsmile Dental'."),
    ("name", "Addresses the patient by name", P, "'Hi Mrs. Patel'."),
    ('bring', 'Tells the patient what to bring', FN, 'No insurance card or forms mentioned.'),
])

_block("d37", "thank_you_note", D37, T37, [
    ("watering", "Thanks Ruth for watering the plants", PN, "'Thank you so much for looking after my plants' (watering not said)."),
    ("oil", "Mentions the olive oil", P, "'a bottle of olive oil'."),
    ("italy", "Mentions Italy", P, "'from Italy'."),
    ("length", "Mentions how long the trip was", F, "Only 'while I was away'; no duration."),
    ("under100", "Under 100 words", P, "86 words."),
    ("signoff", "Signs off with the sender's name", P, "'With gratitude, Nora'."),
    ("warm", "Is warm", NA, "Matter of taste."),
    ("meetup", "Invites Ruth to get together", PN, "'Let me know when you're free for coffee'."),
    ('date', 'Includes a date', F, 'No date.'),
    ('return-favor', "Offers to water Ruth's plants in return", FN, 'Offers coffee, not plant-sitting.'),
])

_block("d38", "out_of_office_reply", D38, "", [
    ("return", "States the return date", P, "'back on Monday, November 4'."),
    ("alt", "Provides an alternate contact", P, "'please contact Raj Mehta'."),
    ("alt-email", "Includes the alternate contact's email", P, "raj.mehta@calderafinance.com."),
    ("dates", "States the dates of absence", P, "'from Monday, October 28 through Friday, November 1'."),
    ("reason", "Explains why the sender is away", FN, "No reason (vacation, conference, etc.) given."),
    ("under60", "Under 60 words", F, "71 words (63 without the subject line)."),
    ("professional", "Is professional", NA, "Matter of taste."),
    ("vacation", "Uses the word 'vacation'", F, "Not present."),
    ("urgent", "Explains what to do with urgent requests", PN, "Urgent invoice/payment matters go to Raj Mehta."),
    ('website', 'Includes a link to the company website', F, 'No URL.'),
])

_block("d39", "bash_script", D39, "", [
    ("shebang", "Starts with a shebang", P, "'#!/usr/bin/env bash' is the first line of the script."),
    ("sete", "Uses set -e or equivalent error handling", P, "'set -euo pipefail'."),
    ("tar", "Creates a tar.gz archive", P, "'tar -czf' to www-$STAMP.tar.gz."),
    ("date", "Includes the date in the backup filename", P, "STAMP from date +%Y-%m-%d used in ARCHIVE."),
    ("seven", "Deletes backups older than 7 days", F, "Near miss: '-mtime +14' (14 days)."),
    ("email", "Sends an email notification", F, "No mail command."),
    ("cron", "Is safe to run from cron", NA, "Matter of judgment."),
    ("mkdir", "Creates the destination directory if it doesn't exist", PN, "'mkdir -p \"$DEST\"'; needs knowing what -p does."),
    ("logfile", "Writes a log file", F, "Only echoes to standard output."),
    ('verify', 'Verifies the archive after creating it', FN, 'No integrity check; the echo only reports the filename.'),
])

_block("d40", "javascript_function", D40, "", [
    ("jsdoc", "Uses JSDoc comments", P, "/** ... @param ... @returns */."),
    ("export", "Exports the function", P, "'export function formatPrice'."),
    ("validate", "Validates the input", PN, "Checks Number.isInteger and throws otherwise."),
    ("intl", "Uses Intl.NumberFormat", P, "'new Intl.NumberFormat'."),
    ("ts", "Uses TypeScript types", F, "Plain JavaScript with JSDoc types."),
    ("arrow", "Uses an arrow function", F, "Uses a function declaration."),
    ("idiomatic", "Is idiomatic", NA, "Matter of judgment."),
    ("currencies", "Supports currencies other than USD", FN, "Currency is hard-coded to USD; needs reading the code."),
    ("throws", "Throws an error for non-integer input", P, "'throw new TypeError(\"cents must be an integer\")' under !Number.isInteger."),
    ('tests', 'Includes unit tests', F, 'Only a one-line comment example.'),
])

_block("d41", "menu_descriptions", D41, "", [
    ("four", "Describes exactly 4 dishes", P, "4 dishes."),
    ("one-sentence", "Each description is one sentence", F, "Larb Tod has two sentences."),
    ("vegan", "Marks vegan dishes", P, "(V)."),
    ("spicy", "Marks spicy dishes", P, "🌶️."),
    ("prices", "Includes prices", F, "No prices."),
    ("key", "Includes a key explaining the symbols", P, "'Key: (V) = vegan, 🌶️ = spicy'."),
    ("dessert", "Includes a dessert", PN, "Mango Sticky Rice; knowing it is a dessert needs world knowledge."),
    ("appetizing", "Sounds appetizing", NA, "Matter of taste."),
    ("allergens", "Mentions allergens", F, "None mentioned."),
    ('spice-all', 'Gives the spice level for every dish', FN, 'Only two dishes carry chili marks; the others are unmarked rather than rated.'),
])

_block("d42", "real_estate_listing", D42, "", [
    ("price", "States the price", P, "'$525,000'."),
    ("bedbath", "States the number of bedrooms and bathrooms", P, "'3 beds / 1.5 baths'."),
    ("sqft", "Includes the square footage", P, "'1,640 sq ft'."),
    ("cta", "Includes a call to action", P, "'Call Dana Brooks ... to schedule a private showing.'"),
    ("school", "Mentions the school district", F, "No schools."),
    ("oh-date", "Gives the date of the open house", FN, "Only 'Sunday'; no calendar date, and deciding a weekday is not enough needs interpretation."),
    ("hype", "Avoids exaggerated claims", NA, "Matter of judgment."),
    ("parking", "Mentions parking", PN, "'detached one-car garage'."),
    ("link", "Includes a link", F, "No URL."),
    ('hoa', 'Mentions HOA fees', F, 'Not mentioned.'),
])

_block("d43", "complaint_letter", D43, T43, [
    ("since", "States when the heater stopped working", P, "'has not worked since January 3'."),
    ("twice", "Mentions that the problem was reported twice", PN, "Lists two reports (phone Jan 4, email Jan 9); 'twice' not used."),
    ("seven", "Requests the repair within 7 days", F, "Asks 'as soon as possible'; no 7-day deadline."),
    ("date", "Includes the date of the letter", P, "'January 17, 2025'."),
    ("lease", "Cites the lease or housing code", P, "'Under our lease and local housing code'."),
    ("firm", "Is firm but polite", NA, "Matter of taste."),
    ("no-threat", "Does not threaten to withhold rent", PN, "No threats; confirming absence needs reading."),
    ("contact", "Includes the tenant's contact information", P, "(617) 555-0123."),
    ('deadline', 'Sets a specific deadline for the repair', FN, "'as soon as possible' is not a specific deadline."),
])

_block("d44", "performance_review", D44, "", [
    ("strengths", "Includes specific strengths", PN, "CSAT 96%, named by clients, built the onboarding checklist."),
    ("improve", "Identifies an area for improvement", PN, "'Areas for growth': escalating sooner."),
    ("metric", "Uses at least one metric", P, "'CSAT score this half was 96%'."),
    ("three", "Lists exactly 3 goals", P, "3 numbered goals."),
    ("rating", "Gives an overall rating", P, "'Overall rating: Exceeds expectations'."),
    ("salary", "Mentions a salary increase", F, "Not mentioned."),
    ("fair", "Is fair and balanced", NA, "Matter of judgment."),
    ("vague", "Avoids vague praise", FN, "'goes above and beyond' is vague praise."),
    ("jargon", "Avoids jargon", FN, "Uses CSAT, H2, CRM and 'blockers'."),
    ('period', 'Includes the dates of the review period', F, "Only 'Mid-year' and 'H2'; no dates."),
])

_block("d45", "birthday_card", D45, "", [
    ("age", "Mentions Ben's age", PN, "'Happy 40th' implies he is turning 40; no age is stated outright."),
    ("wish", "Includes a birthday wish", PN, "'Happy 40th, Ben!' without the word birthday."),
    ("under50", "Under 50 words", P, "46 words."),
    ("joke", "Includes a joke", PN, "'maybe finally learning to parallel park'."),
    ("signoff", "Signs off with names", P, "'Kate & the kids'."),
    ("gift", "Mentions a gift", F, "No gift."),
    ("heartfelt", "Is heartfelt", NA, "Matter of taste."),
    ("emoji", "Uses an emoji", P, "🎂."),
    ("party", "Mentions a party", F, "No party."),
    ("date", "Includes a date", F, "No date."),
])

_block("d46", "podcast_description", D46, T46, [
    ("epnum", "Includes the episode number", P, "'Ep. 52'."),
    ("guest", "Names the guest", P, "'Tasha Green'."),
    ("link", "Includes a link to the show notes", F, "No URL; the closing line only repeats copied instruction «a link to the show notes»."),
    ("takeaways", "Lists 3 key takeaways as bullet points", F, "No bullet points."),
    ("showname", "Mentions the podcast name", F, "'Small Shop, Big Dreams' never appears."),
    ("listen", "Includes a call to listen", P, "'Listen now'."),
    ("intriguing", "Is intriguing", NA, "Matter of taste."),
    ("topics", "Previews topics covered in the episode", PN, "Wholesale pitch, raising prices, the scent flop."),
    ("background", "Mentions the guest's background before the business", PN, "Worked nights as a nurse."),
    ('length', 'Includes the episode length', F, 'No running time.'),
])

_block("d47", "slack_update", D47, T47, [
    ("when", "States when the migration finished", P, "'finished at 2:15 a.m. ET'."),
    ("dataloss", "Confirms there was no data loss", P, "'no data was lost'."),
    ("latency", "Reports a 35% drop in read latency", PN, "20->13 ms and 100->65 ms are 35% drops; the percentage is not stated."),
    ("shutdown", "Reminds people the old cluster will be shut down on Friday", F, "Only the trailing parenthetical, copied instruction «remind people the old cluster will be shut down on Friday»."),
    ("shutdate", "Gives the shutdown date for the old cluster", F, "Friday appears only in copied instruction «remind people the old cluster will be shut down on Friday»."),
    ("thanks", "Thanks the people involved", P, "'Huge thanks to @kira and @devon'."),
    ("tags", "Tags specific teammates", P, "@kira, @devon."),
    ("concise", "Is concise", NA, "Matter of taste."),
    ("whatdo", "Explains what to do if something looks wrong", PN, "'drop it in this channel or page the on-call'."),
    ("channel", "Mentions the #eng-platform channel", F, "Only 'this channel'."),
])

_block("d48", "survey_questions", D48, T48, [
    ("six", "Includes exactly 6 questions", P, "Numbered 1-6."),
    ("open", "Includes at least one open-ended question", PN, "#4 'What is one thing we could do to improve your experience?'."),
    ("mc", "Includes multiple-choice questions", P, "#1 and #3 list answer options."),
    ("personal", "Does not ask for personal information", F, "#6 asks for an email address."),
    ("nps", "Includes a Net Promoter Score question", PN, "#5 likelihood to recommend on 0-10; not named NPS."),
    ("equipment", "Asks about equipment", F, "No equipment question."),
    ("unbiased", "Questions are unbiased", NA, "Matter of judgment."),
    ("clean", "Asks about cleanliness", P, "#2 cleanliness of the locker rooms."),
    ("scale", "Includes a rating-scale question", P, "#2 (1-5) and #5 (0-10)."),
    ('staff', 'Asks about staff friendliness', FN, 'No question about staff or trainers.'),
])
