import Banner
import Greeting

print(Banner.boxed(Greeting.hello("deps user")))
