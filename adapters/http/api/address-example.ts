/** The address the OpenAPI examples of the cart and address-book routes show. */
export const EXAMPLE_ADDRESS = {
  name: "Nusrat Jahan",
  phone: "+8801712345678",
  house: "House 12",
  road: "Road 7",
  thana: "Gulshan",
  district: "Dhaka",
  division: "Dhaka",
  city: "Dhaka",
  postcode: "1212",
  country: "BD"
} as const
