/**
 * The sample shop written into an empty database: categories, products, riders, site content and payment
 * methods, plus three demo orders for `seed --demo-orders`. Pure data: no I/O.
 *
 * Product images are file names in seed/images, drawn by scripts/make-sample-art.ts. Prices are whole
 * shillings (KSH). Payment numbers are placeholders the shop owner replaces in Site Settings.
 */

import type { ProductContent } from "~/domain/product";

export const sampleCategoryNames = ["Dresses", "Accessories", "Men's Wear", "Home Decor"] as const;
type SampleCategoryName = (typeof sampleCategoryNames)[number];

/** A sample product: what the product form holds (every one visible), priced in shillings, with its reviews. */
export type SampleProduct = Omit<ProductContent, "priceCents" | "isVisible"> & {
  /** Matches the image file names, e.g. "ankara-wrap-dress" → "ankara-wrap-dress-1.webp". */
  key: string;
  category: SampleCategoryName;
  priceKsh: number;
  rating: number;
  reviewCount: number;
  /** File names in seed/images. */
  images: string[];
};

/** "<key>-1.webp" … "<key>-<count>.webp" */
const imagesOf = (key: string, count: number): string[] =>
  Array.from({ length: count }, (_, i) => `${key}-${i + 1}.webp`);

export const sampleProducts: SampleProduct[] = [
  {
    key: "ankara-wrap-dress",
    name: "Ankara Wrap Dress",
    category: "Dresses",
    priceKsh: 5800,
    stock: 18,
    description:
      "A flattering wrap dress cut from bold wax-print cotton, with concentric circles and flowing waves in the spirit of kitenge prints. The self-tie sash adjusts at the waist and the flared skirt moves beautifully, from a Saturday wedding to Sunday lunch.",
    details: [
      "Cap sleeves and a wrap V-neckline",
      "Adjustable self-tie sash in a contrasting colour",
      "Midi length with a flared skirt",
      "Hand wash cold; iron on the reverse",
    ],
    sizes: ["S", "M", "L", "XL"],
    colors: ["Terracotta", "Indigo"],
    material: "Cotton wax print",
    culturalInspiration: "Kitenge prints",
    isBestseller: true,
    isNewArrival: false,
    rating: 4.8,
    reviewCount: 64,
    images: imagesOf("ankara-wrap-dress", 3),
  },
  {
    key: "kente-stripe-maxi-dress",
    name: "Kente-Stripe Maxi Dress",
    category: "Dresses",
    priceKsh: 8500,
    stock: 7,
    description:
      "A floor-length dress in a woven-stripe cloth patterned after the strip-woven kente of Ghana, with blocks of ochre, forest green and terracotta. Thin straps and a fitted bodice open into a long, easy skirt.",
    details: [
      "Adjustable spaghetti straps",
      "Fitted bodice with a contrast waistband",
      "Concealed side zip",
      "Fully lined skirt",
      "Dry clean or gentle hand wash",
    ],
    sizes: ["S", "M", "L", "XL"],
    colors: ["Gold & Green", "Terracotta & Black"],
    material: "Woven cotton blend",
    culturalInspiration: "Kente weaving (Ghana)",
    isBestseller: false,
    isNewArrival: true,
    rating: 4.6,
    reviewCount: 12,
    images: imagesOf("kente-stripe-maxi-dress", 2),
  },
  {
    key: "bogolan-shift-dress",
    name: "Bogolan Shift Dress",
    category: "Dresses",
    priceKsh: 6500,
    stock: 11,
    description:
      "A relaxed shift dress printed with rows of crosses, circles and zigzags after the bogolan mudcloth of Mali. The earthy brown ground and cream marks pair easily with sandals or boots.",
    details: [
      "Boat neckline and short sleeves",
      "Straight relaxed fit that falls to the knee",
      "Side seam pockets",
      "Machine wash cold and inside out",
    ],
    sizes: ["S", "M", "L", "XL", "XXL"],
    colors: ["Earth Brown", "Charcoal"],
    material: "Mudcloth-print cotton",
    culturalInspiration: "Bogolan mudcloth (Mali)",
    isBestseller: false,
    isNewArrival: false,
    rating: 4.5,
    reviewCount: 23,
    images: imagesOf("bogolan-shift-dress", 2),
  },
  {
    key: "maasai-beaded-collar",
    name: "Maasai Beaded Collar Necklace",
    category: "Accessories",
    priceKsh: 3200,
    stock: 25,
    description:
      "A flat, round collar built up from rows of glass seed beads in red, white, ochre, green and indigo, finished with a swinging beaded fringe. Beadwork like this is a proud Maasai tradition, and each collar is beaded by hand, so no two are exactly alike.",
    details: [
      "Hand-beaded on a soft leather base",
      "Beaded fringe with brass-tone drops",
      "Adjustable leather tie at the back",
      "Inner opening about 14 cm across",
    ],
    sizes: ["One Size"],
    colors: ["Red Multi", "Ochre Multi", "Blue Multi"],
    material: "Glass seed beads on leather",
    culturalInspiration: "Maasai beadwork",
    isBestseller: true,
    isNewArrival: false,
    rating: 4.9,
    reviewCount: 88,
    images: imagesOf("maasai-beaded-collar", 3),
  },
  {
    key: "kiondo-sisal-handbag",
    name: "Kiondo Sisal Handbag",
    category: "Accessories",
    priceKsh: 4200,
    stock: 14,
    description:
      "The classic Kenyan kiondo: a sturdy bucket bag tightly woven from sisal fibre, banded with stepped triangles and diamonds. Leather handles and a leather rim make it an everyday market bag that lasts for years.",
    details: [
      "Hand-woven sisal body",
      "Double riveted leather handles",
      "Leather-trimmed rim",
      "Wipe clean with a damp cloth; dry in the shade",
    ],
    sizes: ["Medium (30 × 32 cm)", "Large (36 × 38 cm)"],
    colors: ["Natural & Terracotta", "Natural & Indigo", "Natural & Black"],
    material: "Sisal with leather handles",
    culturalInspiration: "Kiondo sisal baskets (Kamba)",
    isBestseller: false,
    isNewArrival: true,
    rating: 4.7,
    reviewCount: 31,
    images: imagesOf("kiondo-sisal-handbag", 2),
  },
  {
    key: "kanga-head-wrap",
    name: "Kanga Cotton Head Wrap",
    category: "Accessories",
    priceKsh: 1200,
    stock: 40,
    description:
      "A generous length of soft cotton laid out like a Swahili kanga, with a patterned border framing a field of scattered motifs and a central medallion. Wear it as a head wrap, a scarf or a light shoulder throw.",
    details: [
      "About 180 × 55 cm",
      "Lightweight cotton that ties and holds well",
      "Hemmed edges",
      "Machine wash cold; colours may soften over time",
    ],
    sizes: ["One Size"],
    colors: ["Indigo & Ochre", "Green & Cream", "Terracotta"],
    material: "Cotton",
    culturalInspiration: "Kanga cloth (Swahili coast)",
    isBestseller: false,
    isNewArrival: false,
    rating: 4.4,
    reviewCount: 19,
    images: imagesOf("kanga-head-wrap", 2),
  },
  {
    key: "kitenge-print-shirt",
    name: "Kitenge Short-Sleeve Shirt",
    category: "Men's Wear",
    priceKsh: 3900,
    stock: 22,
    description:
      "A smart short-sleeve shirt in a kitenge fan-scale print, finished with a plain collar, pocket trim and sleeve bands. Cool enough for Nairobi afternoons and sharp enough for a wedding.",
    details: [
      "Classic point collar in a solid contrast colour",
      "Chest pocket and button front",
      "Regular fit with a curved hem",
      "Machine wash cold; iron on the reverse",
    ],
    sizes: ["S", "M", "L", "XL", "XXL"],
    colors: ["Ochre & Indigo", "Forest Green"],
    material: "Cotton wax print",
    culturalInspiration: "Kitenge prints",
    isBestseller: true,
    isNewArrival: false,
    rating: 4.7,
    reviewCount: 57,
    images: imagesOf("kitenge-print-shirt", 3),
  },
  {
    key: "kikoi-linen-shirt",
    name: "Kikoi Stripe Linen Shirt",
    category: "Men's Wear",
    priceKsh: 4800,
    stock: 9,
    description:
      "An easy, breathable shirt striped like the kikoi cloth of the Swahili coast, in cream with indigo, terracotta and green bands. Made for hot days at the coast and relaxed evenings in town.",
    details: [
      "Soft cotton-linen weave that gets softer with wear",
      "Short sleeves with contrast cuffs",
      "Button front with a chest pocket",
      "Machine wash cold; line dry",
    ],
    sizes: ["S", "M", "L", "XL"],
    colors: ["Cream Stripe", "Indigo Stripe"],
    material: "Cotton-linen blend",
    culturalInspiration: "Kikoi (Swahili coast)",
    isBestseller: false,
    isNewArrival: true,
    rating: 4.5,
    reviewCount: 8,
    images: imagesOf("kikoi-linen-shirt", 2),
  },
  {
    key: "adinkra-cushion-cover",
    name: "Adinkra-Inspired Cushion Cover",
    category: "Home Decor",
    priceKsh: 2400,
    stock: 30,
    description:
      "A heavy cotton cushion cover stamped in charcoal on ochre with rows of geometric motifs, inspired by the hand-stamped adinkra cloth of Ghana. It brings warmth to a sofa, bed or reading corner.",
    details: [
      "Hidden zip closure",
      "Charcoal piped edges",
      "Cushion insert not included",
      "Cold wash inside out; do not tumble dry",
    ],
    sizes: ["45 × 45 cm", "50 × 50 cm"],
    colors: ["Ochre & Charcoal", "Cream & Charcoal"],
    material: "Cotton canvas",
    culturalInspiration: "Adinkra stamping (Ghana)",
    isBestseller: false,
    isNewArrival: false,
    rating: 4.3,
    reviewCount: 27,
    images: imagesOf("adinkra-cushion-cover", 2),
  },
  {
    key: "sisal-wall-basket-set",
    name: "Sisal Wall Basket Set",
    category: "Home Decor",
    priceKsh: 5500,
    stock: 6,
    description:
      "Three coiled sisal baskets in graduated sizes, each stitched by hand with stepped and zigzag bands. Hang them together as a wall display or use them as serving trays for bread and fruit.",
    details: [
      "Set of three: about 20 cm / 28 cm / 38 cm across",
      "Hand-coiled and stitched sisal",
      "Small loop on the back of each basket for hanging",
      "Dust with a dry brush; keep away from water",
    ],
    sizes: ["Set of 3"],
    colors: ["Terracotta & Black", "Earth Mix", "Green & Ochre"],
    material: "Sisal",
    culturalInspiration: "Coiled sisal basketry (East Africa)",
    isBestseller: false,
    isNewArrival: false,
    rating: 4.8,
    reviewCount: 41,
    images: imagesOf("sisal-wall-basket-set", 2),
  },
];

export const sampleRiders: { name: string; phone: string }[] = [
  { name: "Brian Mwangi", phone: "+254712345678" },
  { name: "Kevin Otieno", phone: "+254723456789" },
];

export const sampleFaqs: { q: string; a: string }[] = [
  {
    q: "How long does standard delivery take?",
    a: "Standard shipping takes 3-5 business days within Kenya. Delivery charges vary by location, and we will confirm yours when we arrange your delivery.",
  },
  {
    q: "Can I get my order faster?",
    a: "Yes. Expedited shipping takes 1-2 business days. Contact us after placing your order and we will arrange it; expedited delivery costs more than standard.",
  },
  {
    q: "What is your return policy?",
    a: "You can return items within 14 days of delivery if they are unworn, unwashed and in their original condition. Contact us with your order ID and we will arrange the return.",
  },
  {
    q: "How do I pay with M-Pesa?",
    a: "After you place your order you will see our Paybill number, with your order ID as the account number. Pay through Lipa na M-Pesa > Pay Bill on your phone, and your order moves to Processing once we confirm the payment.",
  },
];

export const sampleHeroSlides: { image: string; alt: string; title: string; subtitle: string; link: string }[] = [
  {
    image: "hero-1.webp",
    alt: "Kente-style woven stripes in ochre, green and terracotta beside a deep indigo panel",
    title: "Handcrafted in Kenya, Made to Be Worn",
    subtitle: "Modern African fashion, accessories and home decor from independent tailors and artisans.",
    link: "/products",
  },
  {
    image: "hero-2.webp",
    alt: "Bold kitenge circles and waves in terracotta, ochre and cream beside a forest green panel",
    title: "Bold Kitenge Prints",
    subtitle: "Wrap dresses and short-sleeve shirts in warm terracotta, ochre and indigo.",
    link: "/products?q=kitenge",
  },
  {
    image: "hero-3.webp",
    alt: "Coiled sisal baskets hanging on a mudcloth-patterned wall",
    title: "Woven for the Home",
    subtitle: "Sisal baskets and bags, hand-woven and stitched to last for years.",
    link: "/products?q=sisal",
  },
];

export const sampleContactInfo: {
  title: string;
  subtitle: string;
  contactFields: { label: string; value: string; icon: "Phone" | "Mail" | "MapPin" }[];
  socialLinks: { name: string; url: string }[];
} = {
  title: "Get in Touch",
  subtitle: "Questions about sizing, an order or delivery? Call, email or visit us; we are happy to help.",
  contactFields: [
    { label: "Phone", value: "+254 712 345 670", icon: "Phone" },
    { label: "Email", value: "hello@dukacrafts.co.ke", icon: "Mail" },
    { label: "Location", value: "Westlands, Nairobi, Kenya", icon: "MapPin" },
  ],
  socialLinks: [
    { name: "Instagram", url: "https://www.instagram.com/dukacrafts" },
    { name: "Facebook", url: "https://www.facebook.com/dukacrafts" },
    { name: "TikTok", url: "https://www.tiktok.com/@dukacrafts" },
  ],
};

export const sampleOurStory: { title: string; text: string; image: string } = {
  title: "Our Story",
  text: [
    "Duka began as a single table at a weekend market in Nairobi, piled with kitenge shirts sewn by a neighbour and beaded collars made by her cousins. People kept coming back, not only for the colours, but for the stories behind each piece.",
    "Today we work with a small circle of tailors, beaders and weavers across Kenya: seamstresses in Nairobi, beadwork groups in Kajiado, and sisal weavers in Machakos and Kitui. We visit them, agree fair prices before the work begins, and pay promptly, so that making things by hand stays a living worth having.",
    "Every dress, bag and basket in our shop is made in small batches, which means slight differences from one piece to the next. We think that is the beauty of it. Thank you for choosing something made with care, and for helping keep these crafts alive.",
  ].join("\n\n"),
  image: "our-story.webp",
};

export const samplePaymentMethods: {
  name: string;
  enabled: boolean;
  instructions: string;
  ussdCode: string | null;
  fields: { label: string; value: string }[];
}[] = [
  {
    name: "M-Pesa",
    enabled: true,
    instructions: [
      "1. Go to the M-Pesa menu on your phone (or dial *334#).",
      "2. Select Lipa na M-Pesa, then Pay Bill.",
      "3. Enter the Paybill Number shown below as the business number.",
      "4. Enter the account number shown below.",
      "5. Enter the amount to pay, then your M-Pesa PIN, and confirm.",
      "6. Keep the confirmation SMS from M-Pesa until your order is marked as paid.",
    ].join("\n"),
    ussdCode: "*334#",
    fields: [
      { label: "Paybill Number", value: "123456" },
      { label: "Account Number", value: "{{ORDER_CODE}}" },
      { label: "Account Name", value: "Duka" },
    ],
  },
  {
    name: "Bank Transfer",
    enabled: true,
    instructions: [
      "1. Transfer the amount to pay to the bank account below, from your bank app, internet banking or a branch.",
      "2. Use the reference shown below so we can match your payment to your order.",
      "3. Bank transfers can take up to one business day to reach us; we will mark your order as paid once it arrives.",
    ].join("\n"),
    ussdCode: null,
    fields: [
      { label: "Bank", value: "Your bank's name" },
      { label: "Account Name", value: "Duka" },
      { label: "Account Number", value: "0000000000" },
      { label: "Reference", value: "{{ORDER_ID}} {{CLIENT_NAME}}" },
    ],
  },
];

export const sampleStoreName = "Duka";

export const sampleDemoOrders: {
  clientName: string;
  address: string;
  phone: string;
  paymentMethod: string;
  status: "Pending Payment" | "Processing" | "Out for Delivery" | "Delivered" | "Cancelled";
  paymentStatus: "Unpaid" | "Paid";
  daysAgo: number;
  lines: { productKey: string; size: string; color: string; quantity: number }[];
}[] = [
  {
    clientName: "Wanjiku Kamau",
    address: "Apartment 4B, Kilimani Heights, Argwings Kodhek Road, Nairobi",
    phone: "+254722310457",
    paymentMethod: "M-Pesa",
    status: "Delivered",
    paymentStatus: "Paid",
    daysAgo: 9,
    lines: [
      { productKey: "ankara-wrap-dress", size: "M", color: "Terracotta", quantity: 1 },
      { productKey: "maasai-beaded-collar", size: "One Size", color: "Red Multi", quantity: 1 },
    ],
  },
  {
    clientName: "Otieno Ochieng",
    address: "House 12, Milimani Road, Kisumu",
    phone: "+254733482916",
    paymentMethod: "M-Pesa",
    status: "Processing",
    paymentStatus: "Paid",
    daysAgo: 2,
    lines: [{ productKey: "kitenge-print-shirt", size: "L", color: "Ochre & Indigo", quantity: 2 }],
  },
  {
    clientName: "Amina Hassan",
    address: "Links Road, Nyali, Mombasa",
    phone: "+254711905238",
    paymentMethod: "Bank Transfer",
    status: "Pending Payment",
    paymentStatus: "Unpaid",
    daysAgo: 0,
    lines: [
      { productKey: "sisal-wall-basket-set", size: "Set of 3", color: "Earth Mix", quantity: 1 },
      { productKey: "kanga-head-wrap", size: "One Size", color: "Indigo & Ochre", quantity: 2 },
    ],
  },
];
