"""Makes the photo fixtures of ImageMetadataTests: small real images from Pillow carrying EXIF with a GPS position
(the Eiffel Tower), orientation 6 (rotate 90°), a camera model, and XMP / text metadata."""
from PIL import Image, PngImagePlugin

def exif():
    e = Image.Exif()
    e[0x0112] = 6             # Orientation: rotate 90 CW
    e[0x010F] = "PhoneMaker"  # Make
    e[0x0110] = "Phone 12"    # Model
    gps = {1: "N", 2: (48.0, 51.0, 30.1284), 3: "E", 4: (2.0, 17.0, 40.1316)}
    e[0x8825] = gps
    return e

img = Image.new("RGB", (40, 24))
for x in range(40):
    for y in range(24):
        img.putpixel((x, y), (x * 6, y * 10, 128))
xmp = b'<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description exif:GPSLatitude="48,51.502N" xmlns:exif="http://ns.adobe.com/exif/1.0/"/></rdf:RDF></x:xmpmeta>'
img.save("gps.jpg", "JPEG", quality=80, exif=exif(), comment=b"taken at home")
info = PngImagePlugin.PngInfo()
info.add_text("Location", "48.858369, 2.294481")
info.add_itxt("XML:com.adobe.xmp", xmp.decode())
img.save("gps.png", "PNG", exif=exif(), pnginfo=info)
img.save("gps.webp", "WEBP", exif=exif(), xmp=xmp, quality=80)
img.save("plain.jpg", "JPEG", quality=80)
